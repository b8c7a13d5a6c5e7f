import { useTranslation } from 'react-i18next';
import { landingSections } from '../../../lib/paths';
import { LandingSection } from './landing-section';

const features = ['discrepancies', 'disputes', 'cases', 'feedback'] as const;

export function FeaturesSection() {
  const { t } = useTranslation('landing');

  return (
    <LandingSection
      id={landingSections.features}
      title={t('features.title')}
      intro={t('features.intro')}
    >
      <ul className="grid gap-6 sm:grid-cols-2">
        {features.map((feature) => (
          <li
            key={feature}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm shadow-slate-100"
          >
            <h3 className="text-lg font-semibold text-slate-900">
              {t(`features.items.${feature}.title`)}
            </h3>
            <p className="mt-2 text-slate-700">{t(`features.items.${feature}.text`)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
