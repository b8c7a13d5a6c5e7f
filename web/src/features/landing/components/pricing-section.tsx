import { useTranslation } from 'react-i18next';
import { landingSections, paths } from '../../../lib/paths';
import { ButtonLink } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { useFreeLaunch } from '../../../lib/launch-offer';
import { usePlanCopy } from '../use-plan-copy';
import { LandingSection } from './landing-section';

const included = ['country', 'commission', 'renewal', 'sync', 'feedback', 'validity'] as const;

export function PricingSection() {
  const { t } = useTranslation('landing');
  const plan = usePlanCopy();
  const freeLaunch = useFreeLaunch();

  return (
    <LandingSection
      id={landingSections.pricing}
      title={t('pricing.title')}
      intro={t('pricing.intro')}
    >
      <div className="mx-auto max-w-lg rounded-3xl border-2 border-brand-700 bg-white p-8 shadow-lg shadow-brand-100">
        <h3 className="text-xl font-semibold text-slate-900">{t('pricing.planName')}</h3>
        <p className="mt-4 flex flex-wrap items-baseline gap-x-3">
          <span className="text-5xl font-bold tracking-tight text-slate-900">{plan.price}</span>
          <span className="text-slate-700">{t('pricing.period', plan)}</span>
        </p>
        {freeLaunch ? (
          <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-800">
            {t('pricing.freeLaunch', plan)}
          </p>
        ) : null}
        <h4 className="mt-8 text-sm font-semibold text-slate-900">{t('pricing.includesLabel')}</h4>
        <ul className="mt-3 space-y-3">
          {included.map((item) => (
            <li key={item} className="flex gap-3 text-slate-700">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>{t(`pricing.features.${item}`, plan)}</span>
            </li>
          ))}
        </ul>
        <ButtonLink to={paths.register} size="lg" className="mt-8 w-full">
          {t('pricing.cta')}
        </ButtonLink>
        <p className="mt-4 text-sm text-slate-600">{t('pricing.note')}</p>
      </div>
    </LandingSection>
  );
}
