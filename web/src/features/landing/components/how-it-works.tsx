import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import { LandingSection } from './landing-section';

const steps = ['connect', 'analyze', 'recover'] as const;

export function HowItWorks() {
  const { t } = useTranslation('landing');
  const format = useFormatters();

  return (
    <LandingSection
      id="how-it-works"
      title={t('howItWorks.title')}
      intro={t('howItWorks.intro')}
      tone="muted"
    >
      {/* An ordered list already announces "1 of 3", so the badge number is visual only. */}
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step} className="rounded-2xl border border-slate-200 bg-white p-6">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
            >
              {format.number(index + 1)}
            </span>
            <h3 className="mt-4 text-xl font-semibold text-slate-900">
              {t(`howItWorks.steps.${step}.title`)}
            </h3>
            <p className="mt-2 text-slate-700">{t(`howItWorks.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
