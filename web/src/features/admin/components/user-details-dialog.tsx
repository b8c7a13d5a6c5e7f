import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAdminUserDetails, type AdminUserRow } from '../api/admin-api';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** A user's details beyond the list (issue 9): connection, plan, cases, last sync and error. */
export function UserDetailsDialog({
  user,
  onClose,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={t('details.title', { name: user?.name || user?.email || '' })}
    >
      {user ? <DetailsBody key={user.id} userId={user.id} /> : null}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('details.close')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Mounted per user: the details of the user opened, read again at each opening. */
function DetailsBody({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const read = useAdminUserDetails(userId, {
    onError: (error: unknown) => notify.error({ title: t('details.loadFailed'), error }),
  });
  const details = read.data;
  const failed = read.error !== undefined;

  const none = t('details.none');
  return (
    <>
      {failed ? <Alert tone="error">{t('details.loadFailed')}</Alert> : null}
      {!details && !failed ? (
        <p role="status" className="text-sm text-slate-700">
          {t('details.loading')}
        </p>
      ) : null}
      {details ? (
        <dl className="divide-y divide-slate-200" data-testid="admin-user-details">
          <Row label={t('details.id')}>
            <span className="font-mono text-xs break-all">{details.user.id}</span>
          </Row>
          <Row label={t('details.email')}>{details.user.email}</Row>
          <Row label={t('details.phone')}>{details.user.phone || none}</Row>
          <Row label={t('details.createdAt')}>{formatDate(details.user.created_at, 'it')}</Row>
          <Row label={t('details.mode')}>
            {t(`details.modes.${details.user.mode === 'live' ? 'live' : 'demo'}`)}
          </Row>
          <Row label={t('details.connection')}>
            {details.connection
              ? [
                  t(`details.connectionStatus.${details.connection.status}`, {
                    defaultValue: details.connection.status,
                  }),
                  details.connection.store_name,
                  details.connection.country_code,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : t('details.notConnected')}
          </Row>
          <Row label={t('details.plan')}>
            {details.plan.active
              ? t('details.planActive', { date: formatDate(details.plan.expires_at!, 'it') })
              : details.plan.expires_at
                ? t('details.planExpired', { date: formatDate(details.plan.expires_at, 'it') })
                : t('details.noPlan')}
          </Row>
          <Row label={t('details.cases')}>
            {details.cases.total === 0 ? (
              t('details.noCases')
            ) : (
              <ul>
                <li>{t('details.casesTotal', { count: details.cases.total })}</li>
                {Object.entries(details.cases.by_status).map(([status, count]) => (
                  <li key={status}>
                    {status}: {count}
                  </li>
                ))}
              </ul>
            )}
          </Row>
          <Row label={t('details.lastSync')}>
            {details.last_sync
              ? t('details.lastSyncValue', {
                  status: t(`details.syncStatus.${details.last_sync.status}`, {
                    defaultValue: details.last_sync.status,
                  }),
                  date: formatDateTime(details.last_sync.started_at, 'it'),
                })
              : t('details.neverSynced')}
          </Row>
          <Row label={t('details.lastError')}>
            {details.last_error
              ? `${formatDateTime(details.last_error.at, 'it')} — ${details.last_error.message}`
              : none}
          </Row>
        </dl>
      ) : null}
    </>
  );
}
