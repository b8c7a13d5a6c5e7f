import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, renewPlanHref } from '../../lib/paths';
import { Alert } from '../ui/alert';
import { Button, ButtonLink } from '../ui/button';
import { disconnectMarketplace, useConnection, usePlan } from '../../lib/connection';
import { notify } from '../../lib/toast';

/**
 * The dashboard's connection and plan block (spec 2.6): the connection card with
 * its alerts (revoked, not connected, last error), the plan alerts, and disconnect.
 */
/**
 * The stored last error is Amazon's code (`invalid_grant`, `Unauthorized`…): shown as the code
 * for support. Older rows hold an English sentence instead, which is not shown.
 */
function supportCode(lastError: string): boolean {
  return /^[\w.:-]{1,64}$/.test(lastError);
}

export function ConnectionPanel() {
  const { t } = useTranslation('dashboard');
  const lastErrorText = (status: string) =>
    status === 'revoked'
      ? t('connection.lastErrorText.revoked')
      : status === 'error'
        ? t('connection.lastErrorText.error')
        : t('connection.lastErrorText.other');
  const { t: tc } = useTranslation();
  const { data: connection, isLoading: loading } = useConnection();
  const { data: plan } = usePlan();
  const [busy, setBusy] = useState(false);

  async function disconnect() {
    setBusy(true);
    try {
      await disconnectMarketplace();
      notify.success({ title: tc('connection.toast.disconnected') });
    } catch {
      notify.error({ title: tc('connection.toast.disconnectError') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-8 flex flex-col gap-4">
      {plan && !plan.active && plan.expires_at ? (
        <Alert tone="error">
          {plan.ended_reason === 'refunded' ||
          plan.ended_reason === 'reversed' ||
          plan.ended_reason === 'disputed'
            ? t(`plan.ended.${plan.ended_reason}`)
            : t('plan.expired')}{' '}
          <Link to={renewPlanHref} className="font-semibold underline">
            {t('plan.renew')}
          </Link>
        </Alert>
      ) : null}
      {plan?.active && plan.days_left <= 7 ? (
        <Alert tone="info">
          {t('plan.expiring', { count: plan.days_left })}{' '}
          <Link to={renewPlanHref} className="font-semibold underline">
            {t('plan.renew')}
          </Link>
        </Alert>
      ) : null}
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold">{t('connection.title')}</h2>
        {loading ? (
          <p className="mt-2 text-slate-700">{t('connection.checking')}</p>
        ) : !connection || connection.status === 'disconnected' ? (
          <div className="mt-2">
            <p className="font-semibold">{t('connection.notConnected')}</p>
            <p className="text-slate-700">{t('connection.notConnectedHelp')}</p>
            {connection?.status === 'disconnected' ? (
              // Disconnecting ends our use of the account; the app stays listed in Seller
              // Central until the seller removes it there.
              <Alert tone="info" className="mt-4" title={t('connection.removeApp.title')}>
                {t('connection.removeApp.steps')}
              </Alert>
            ) : null}
          </div>
        ) : (
          <div className="mt-2 flex flex-col gap-3">
            <p className="text-slate-800">
              {t('connection.connectedTo', {
                store: connection.store_name ?? '',
                country: connection.country_code,
              })}
            </p>
            {connection.status === 'revoked' ? (
              <Alert tone="error">{t('connection.revoked')}</Alert>
            ) : null}
            {/* The server decides whether the grant covers the newer claim kinds. */}
            {connection.status === 'connected' && connection.grant?.reauthorize ? (
              <Alert tone="info" title={t('connection.reauthorize.title')}>
                <span data-testid="reauthorize-banner">
                  {t('connection.reauthorize.text', {
                    adds: connection.grant.adds
                      .map((addition) => t(`connection.reauthorize.adds.${addition}`))
                      .join(', '),
                  })}
                </span>{' '}
                <Link to={paths.connectAmazon} className="font-semibold underline">
                  {t('connection.reauthorize.action')}
                </Link>
              </Alert>
            ) : null}
            {connection.last_error ? (
              <p className="text-sm text-red-800">
                {t('connection.lastError')} {lastErrorText(connection.status)}
                {supportCode(connection.last_error) ? (
                  <>
                    {' '}
                    <span className="font-mono">
                      ({t('connection.lastErrorText.code', { code: connection.last_error })})
                    </span>
                  </>
                ) : null}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              {connection.status !== 'connected' ? (
                <ButtonLink to={paths.connectAmazon}>{t('connection.reconnect')}</ButtonLink>
              ) : null}
              <Button variant="secondary" disabled={busy} onClick={() => void disconnect()}>
                {t('connection.disconnect')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
