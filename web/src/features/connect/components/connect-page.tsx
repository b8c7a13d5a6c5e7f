import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import type { Language } from '../../../i18n/languages';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/use-session';
import { loadConfig, type RuntimeConfig } from '../../../lib/config';
import {
  completeAuthorization,
  startAuthorization,
  usePlan,
  verifyPayment,
  activateFreePlan,
} from '../../../lib/connection';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  clearPending,
  readPending,
  sameCountry,
  WIZARD_MARKETPLACES,
  writePending,
  type WizardCountry,
} from '../marketplaces';
import { PaymentButtons } from './payment-buttons';

type Step = 1 | 2 | 3;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Consumes Amazon's redirect back to the wizard once: the state must be the one this tab
 * started (session storage) and the server checks it again before anything is saved.
 */
function useAuthorizationCallback(userId: string | undefined) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [working, setWorking] = useState(
    () => params.has('state') && params.has('spapi_oauth_code'),
  );

  useEffect(() => {
    if (!userId || handled.current) return;
    async function run() {
      const state = params.get('state');
      const code = params.get('spapi_oauth_code');
      const seller = params.get('selling_partner_id');
      const error = params.get('error') ?? (params.get('spapi') === 'error' ? 'error' : null);
      if (!state && !error) return;
      handled.current = true;
      setParams({}, { replace: true });

      const fail = (reason: string) => {
        setWorking(false);
        notify.error({ title: t('connection.toast.callbackError', { reason }) });
      };
      if (error) {
        clearPending();
        fail(params.get('reason') ?? params.get('error_description') ?? error);
        return;
      }
      const pending = readPending();
      if (!state || !code || !seller || pending?.state !== state || pending.user_id !== userId) {
        fail('state_invalid');
        return;
      }
      try {
        const connection = await completeAuthorization({
          state,
          spapi_oauth_code: code,
          selling_partner_id: seller,
        });
        clearPending();
        setWorking(false);
        notify.success({
          title: t('connection.toast.connected', { store: connection.store_name ?? '' }),
        });
        void navigate(paths.dashboard);
      } catch (failure) {
        clearPending();
        fail(failure instanceof ApiError ? failure.message : reasonOf(failure));
      }
    }
    void run();
  }, [userId, params, setParams, navigate, t]);

  return working;
}

export function ConnectAmazonPage() {
  const { t, i18n } = useTranslation('connect');
  useDocumentTitle(t('metaTitle'));
  const language = (i18n.resolvedLanguage ?? 'it') as Language;
  const { session } = useSession();
  const working = useAuthorizationCallback(session?.userId);
  const { data: plan, isLoading: planLoading } = usePlan();
  const [step, setStep] = useState<Step>(1);
  const [country, setCountry] = useState<WizardCountry | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [config, setConfig] = useState<RuntimeConfig | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadConfig().then(setConfig, () => undefined);
  }, []);

  const marketplace = WIZARD_MARKETPLACES.find((m) => m.countryCode === country);
  const planCovers = !!plan?.active && !!country && sameCountry(plan.country, country);

  async function authorize() {
    if (!marketplace || !session) return;
    setBusy(true);
    try {
      const { authUrl, state } = await startAuthorization(marketplace.id);
      writePending({
        state,
        user_id: session.userId,
        marketplace_id: marketplace.id,
        store_name: null,
        expires_at: Date.now() + 10 * 60 * 1000,
      });
      window.location.assign(authUrl);
    } catch (error) {
      notify.error({
        title: t('connection.toast.callbackError', { ns: 'common', reason: reasonOf(error) }),
      });
      setBusy(false);
    }
  }

  async function activateFree() {
    if (!country) return;
    setBusy(true);
    try {
      await activateFreePlan(country);
      notify.success({ title: t('plan.freeActivated') });
    } catch (error) {
      notify.error({ title: t('plan.freeFailed'), description: reasonOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function paid(orderID: string) {
    if (!country) return;
    await verifyPayment(orderID, country);
    notify.success({ title: t('plan.paid') });
  }

  if (working) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <p role="status">{t('callback.working')}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="connect-title" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 id="connect-title" className="text-3xl font-bold tracking-tight">
        {t('title')}
      </h1>
      <p className="mt-3 text-slate-700">{t('intro')}</p>
      <p className="mt-6 text-sm font-semibold text-slate-600">{t('stepOf', { step })}</p>

      {step === 1 ? (
        <fieldset className="mt-4">
          <legend className="text-xl font-semibold">{t('country.legend')}</legend>
          <p className="mt-1 text-sm text-slate-600">{t('country.hint')}</p>
          <div className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-3">
            {WIZARD_MARKETPLACES.map((m) => (
              <label
                key={m.id}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 ${
                  country === m.countryCode ? 'border-brand-700 bg-brand-50' : 'border-slate-300'
                }`}
              >
                <input
                  type="radio"
                  name="country"
                  value={m.countryCode}
                  checked={country === m.countryCode}
                  onChange={() => setCountry(m.countryCode)}
                  className="accent-brand-700"
                />
                <span aria-hidden="true">{m.flag}</span>
                <span>{t(`countries.${m.countryCode}`)}</span>
              </label>
            ))}
          </div>
          <div className="mt-6 flex justify-end">
            <Button disabled={!country} onClick={() => setStep(2)}>
              {t('next')}
            </Button>
          </div>
        </fieldset>
      ) : null}

      {step === 2 ? (
        <div className="mt-4">
          <h2 className="text-xl font-semibold">{t('permissions.title')}</h2>
          <h3 className="mt-4 font-semibold">{t('permissions.requested')}</h3>
          <ul className="mt-2 list-disc pl-6 text-slate-800">
            {(['shipments', 'reconciliation', 'inventory', 'financial', 'messaging'] as const).map(
              (key) => (
                <li key={key}>{t(`permissions.items.${key}`)}</li>
              ),
            )}
          </ul>
          <h3 className="mt-4 font-semibold">{t('permissions.legalTitle')}</h3>
          <ul className="mt-2 list-disc pl-6 text-slate-800">
            {(['reports', 'messaging'] as const).map((key) => (
              <li key={key}>{t(`permissions.legalItems.${key}`)}</li>
            ))}
          </ul>
          <CheckboxField
            className="mt-6"
            label={t('permissions.agree')}
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
          />
          <div className="mt-6 flex justify-between">
            <Button variant="secondary" onClick={() => setStep(1)}>
              {t('back')}
            </Button>
            <Button disabled={!agreed} onClick={() => setStep(3)}>
              {t('next')}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 3 ? (
        <div className="mt-4 flex flex-col gap-4">
          <h2 className="text-xl font-semibold">{t('steps.plan')}</h2>
          {planLoading || !plan ? (
            <p role="status">{t('plan.checking')}</p>
          ) : planCovers ? (
            <>
              <Alert tone="success">
                {t('plan.active', {
                  country: t(`countries.${country as WizardCountry}`),
                  date: plan.expires_at ? formatDate(plan.expires_at, language) : '',
                })}
              </Alert>
              <div>
                <Button disabled={busy} onClick={() => void authorize()}>
                  {busy ? t('plan.authorizing') : t('plan.authorize')}
                </Button>
              </div>
            </>
          ) : (
            <>
              {plan.active && plan.country ? (
                <Alert tone="info">{t('plan.activeOther', { country: plan.country })}</Alert>
              ) : null}
              <p className="text-slate-800">{t('plan.needed')}</p>
              {config?.freeLaunch ? (
                <div className="flex flex-col items-start gap-3">
                  <Alert tone="info">{t('plan.freeLaunch')}</Alert>
                  <Button disabled={busy} onClick={() => void activateFree()}>
                    {busy ? t('plan.activatingFree') : t('plan.activateFree')}
                  </Button>
                </div>
              ) : config?.payment ? (
                <PaymentButtons
                  config={config.payment}
                  amount="9.90"
                  currency="EUR"
                  description={t('checkout.description')}
                  onCaptured={paid}
                  onError={(error) =>
                    notify.error({ title: t('plan.paymentFailed'), description: reasonOf(error) })
                  }
                />
              ) : (
                <Alert tone="info">{t('plan.unavailable')}</Alert>
              )}
            </>
          )}
          <div>
            <Button variant="secondary" onClick={() => setStep(2)}>
              {t('back')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
