import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { ConnectionPanel } from '../../../components/connection/connection-panel';
import { ModeBadge } from '../../../components/layout/mode-badge';
import { ButtonLink } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth/use-session';
import { neverHeldPlan, useConnection, usePlan } from '../../../lib/connection';
import { isRealMode, useProfile } from '../../../lib/profile';
import { revalidateAll } from '../../../lib/swr';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { refreshDashboard, useDashboard, useLatestRuns } from '../api/dashboard';
import { DemoControls } from './demo-controls';
import { FreeScanResult } from './free-scan-result';
import { MonthlyChart } from './monthly-chart';
import { RecentActivity } from './recent-activity';
import { StatCards } from './stat-cards';
import { SyncControl } from './sync-control';

/** What the page hands to the shipments list the app layer composes in. */
export type ShipmentsSlotContext = {
  /** The "Sync now" button (or the demo controls) for the list's header. */
  toolbar: ReactNode;
  /** The seller saved a unit value: the stat cards read again. */
  onValuesChanged: () => void;
};

export type DashboardPageProps = {
  renderShipments?: (context: ShipmentsSlotContext) => ReactNode;
};

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** Spec 2.6, not connected: what the product does, how to connect, and the demo. */
function MarketingView() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="marketing-title" className={cardClass}>
      <h2 id="marketing-title" className="text-xl font-semibold text-slate-900">
        {t('marketing.title')}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-slate-900">{t('marketing.reimbursements.title')}</h3>
          <p className="mt-1 text-slate-700">{t('marketing.reimbursements.text')}</p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{t('marketing.feedback.title')}</h3>
          <p className="mt-1 text-slate-700">{t('marketing.feedback.text')}</p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={paths.connectAmazon}>{t('connectCta')}</ButtonLink>
        <ButtonLink to={paths.demo} variant="secondary">
          {t('marketing.tryDemo')}
        </ButtonLink>
      </div>
      <p className="mt-4 text-sm text-slate-600">{t('marketing.compliance')}</p>
    </section>
  );
}

/**
 * The reimbursements dashboard (spec 2.6): greeting, connection and plan alerts, the new-scan
 * button with its progress, the four stat cards with the user's own figures, the shipments
 * list (composed in by the app layer), recent activity and the email note. Without a
 * connection, the marketing view; a demo profile also gets the demo sync and reset.
 */
export function DashboardPage({ renderShipments }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('metaTitle'));
  const { session } = useSession();
  const { data: profile } = useProfile();
  const { data: connection, isLoading: connectionLoading } = useConnection();
  const { data: plan } = usePlan();
  const { data: dashboard } = useDashboard();
  const { data: latest } = useLatestRuns();
  // A sync, a demo sync or a reset changes every figure, list and case on screen.
  const refresh = () => void revalidateAll();
  // The first name the seller gave at sign-up; the address only while the profile loads.
  const name = profile?.first_name?.trim() || (session?.email ?? '').split('@')[0];

  const hasConnection = !!connection && connection.status !== 'disconnected';
  const connected = connection?.status === 'connected';
  // No plan ever held: the free first scan, once (the server decides and refuses a second). A
  // seller whose plan ran out has seen its data already and is asked to renew instead.
  const freeScan = connected && neverHeldPlan(plan) && profile?.free_scan === 'available';
  const canSync = connected && (plan?.active === true || freeScan);
  // The free scan was taken and has finished, and no plan was ever bought: its findings, with
  // what the plan adds. Every figure is the server's.
  const freeScanDone =
    neverHeldPlan(plan) && profile?.free_scan === 'used' && !!latest?.last_successful;
  const demo = profile ? !isRealMode(profile) : false;

  const shipments = (toolbar: ReactNode) =>
    renderShipments?.({ toolbar, onValuesChanged: () => void refreshDashboard() }) ?? null;

  return (
    <section aria-labelledby="dashboard-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="dashboard-title" className="text-3xl font-bold tracking-tight">
          {t('greeting', { name })}
        </h1>
        {profile ? <ModeBadge profile={profile} /> : null}
      </div>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('intro')}</p>
      <ConnectionPanel />

      {connectionLoading ? null : hasConnection ? (
        <div className="mt-8 flex flex-col gap-8">
          {freeScanDone && dashboard ? <FreeScanResult figures={dashboard.figures} /> : null}
          <StatCards figures={dashboard?.figures} />
          {renderShipments ? (
            shipments(<SyncControl enabled={canSync} freeScan={freeScan} onFinished={refresh} />)
          ) : (
            <SyncControl enabled={canSync} freeScan={freeScan} onFinished={refresh} />
          )}
          <MonthlyChart months={dashboard?.months} />
          <RecentActivity entries={dashboard?.activity} />
          <p className="text-sm text-slate-700">
            {t('emailNote')}{' '}
            <a href={paths.feedbackSettings} className="font-semibold underline">
              {t('emailNoteLink')}
            </a>
          </p>
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-8">
          <MarketingView />
          {demo ? (
            <>
              <StatCards figures={dashboard?.figures} />
              {renderShipments ? (
                shipments(<DemoControls onChanged={refresh} />)
              ) : (
                <DemoControls onChanged={refresh} />
              )}
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}
