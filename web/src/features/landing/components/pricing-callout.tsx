import { useTranslation } from 'react-i18next';
import { landingSections } from '../../../lib/paths';
import { usePlanCopy } from '../use-plan-copy';

export function PricingCallout() {
  const { t } = useTranslation('landing');
  const plan = usePlanCopy();

  return (
    <aside aria-label={t('pricingCallout.label')} className="bg-white pb-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-3 rounded-2xl bg-brand-800 px-6 py-5 text-white focus-on-dark sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="mr-3 inline-block rounded-full bg-white px-3 py-0.5 text-xs font-bold tracking-wide text-brand-800 uppercase">
              {t('pricingCallout.label')}
            </span>
            <span className="font-medium">{t('pricingCallout.text', plan)}</span>
            <span className="mt-1 block text-sm" data-testid="free-scan-callout">
              {t('pricingCallout.freeScan')}
            </span>
          </p>
          <a
            href={`#${landingSections.pricing}`}
            className="shrink-0 rounded-sm font-semibold text-white underline underline-offset-4 hover:text-brand-100"
          >
            {t('pricingCallout.link')}
          </a>
        </div>
      </div>
    </aside>
  );
}
