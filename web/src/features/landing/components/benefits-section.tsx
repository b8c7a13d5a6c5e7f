import { useTranslation } from 'react-i18next';
import { landingSections } from '../../../lib/paths';
import { CheckIcon } from '../../../components/ui/icons';
import { LandingSection } from './landing-section';

const benefits = ['recover', 'time', 'commission', 'control'] as const;

export function BenefitsSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection
      id={landingSections.benefits}
      title={t('benefits.title')}
      intro={t('benefits.intro')}
      tone="muted"
    >
      <ul className="grid gap-8 sm:grid-cols-2">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <CheckIcon className="size-5" />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">
                {t(`benefits.items.${benefit}.title`)}
              </h3>
              <p className="mt-1 text-slate-700">{t(`benefits.items.${benefit}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
