import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPage } from '../../../components/layout/card-page';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { usePlan, type Plan } from '../../../lib/connection';
import { paths, renewPlanHref } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormatters } from '../../../lib/use-formatters';
import { ReceiptsSection } from './receipts-section';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

type PlanState = 'active' | 'expired' | 'ended' | 'none';

/** The state as `GET /api/subscription` reports it: a plan that stopped with a reason ended early. */
export function planState(plan: Plan): PlanState {
  if (plan.active) return 'active';
  if (!plan.expires_at) return 'none';
  return plan.ended_reason ? 'ended' : 'expired';
}

const knownReasons = ['refunded', 'reversed', 'disputed'] as const;
type Reason = (typeof knownReasons)[number] | 'other';

function reasonOf(reason: string | null | undefined): Reason {
  return knownReasons.find((r) => r === reason) ?? 'other';
}

/** The seller's plan: status (and why it ended early), expiry, days left, marketplace, renewal. */
export function PlanPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('plan.metaTitle'));
  const { data: plan, error, isLoading } = usePlan();
  const format = useFormatters();
  const state = plan ? planState(plan) : null;

  return (
    <CardPage size="lg" title={t('plan.title')} intro={<p>{t('plan.intro')}</p>}>
      {error ? <Alert tone="error">{t('plan.loadFailed')}</Alert> : null}
      {isLoading && !plan ? <p className="text-slate-700">{t('plan.loading')}</p> : null}
      {plan && state ? (
        <div className="space-y-6">
          <dl className="divide-y divide-slate-200">
            <Detail label={t('plan.status')}>
              {state === 'active'
                ? t('plan.statusActive')
                : state === 'expired'
                  ? t('plan.statusExpired')
                  : state === 'ended'
                    ? `${t('plan.statusEnded')}: ${t(`plan.endedReason.${reasonOf(plan.ended_reason)}`)}`
                    : t('plan.statusNone')}
            </Detail>
            {plan.expires_at ? (
              <Detail label={state === 'active' ? t('plan.expiresAt') : t('plan.expiredAt')}>
                {format.date(plan.expires_at)}
              </Detail>
            ) : null}
            {state === 'active' ? (
              <Detail label={t('plan.daysLeftLabel')}>
                {t('plan.daysLeft', { count: plan.days_left })}
              </Detail>
            ) : null}
            {plan.country ? (
              <Detail label={t('plan.country')}>
                {t(`countries.${plan.country.toUpperCase()}`, {
                  ns: 'common',
                  defaultValue: plan.country.toUpperCase(),
                })}
              </Detail>
            ) : null}
          </dl>
          {state === 'none' ? <p className="text-slate-700">{t('plan.none')}</p> : null}
          <ButtonLink to={state === 'none' ? paths.connectAmazon : renewPlanHref}>
            {state === 'none' ? t('plan.buy') : t('plan.renew')}
          </ButtonLink>
          <ReceiptsSection />
        </div>
      ) : null}
    </CardPage>
  );
}
