import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginHref, paths } from '../../../lib/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { CountryFlag } from '../../../components/ui/country-flag';
import type { Language } from '../../../i18n/languages';
import { ApiError } from '../../../lib/api-client';
import { signOutUser } from '../../../lib/auth/cognito';
import { useSession } from '../../../lib/auth/use-session';
import { loadConfig, type RuntimeConfig } from '../../../lib/config';
import {
  completeAuthorization,
  neverHeldPlan,
  createPaymentOrder,
  startAuthorization,
  useConnection,
  usePendingOrders,
  usePlan,
  verifyPayment,
  activateFreePlan,
} from '../../../lib/connection';
import { formatDate } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
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
import {
  BillingFields,
  billingDraftOf,
  billingForOrder,
  type BillingDraft,
} from './billing-fields';
import { PaymentButtons } from './payment-buttons';

type Step = 1 | 2 | 3;

/** The plan-end reasons the wizard explains; anything else reads as a refund. */
function endedReason(reason: string): 'refunded' | 'reversed' | 'disputed' {
  return reason === 'reversed' || reason === 'disputed' ? reason : 'refunded';
}

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
        // Amazon's own code (access_denied...), worded for the seller; the code stays visible.
        const amazonCode = params.get('reason') ?? error;
        fail(
          amazonCode === 'access_denied'
            ? t('callback.reasons.accessDenied', { ns: 'connect' })
            : t('callback.reasons.amazon', { ns: 'connect', code: amazonCode }),
        );
        return;
      }
      const pending = readPending();
      if (!state || !code || !seller || pending?.state !== state || pending.user_id !== userId) {
        fail(t('callback.reasons.stateMismatch', { ns: 'connect' }));
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
        // A refusal (bad or expired state) carries the server's words in the seller's language;
        // anything else is the connection failing to save (spec 8), with its code for support.
        if (failure instanceof ApiError && failure.status < 500) {
          fail(failure.message);
        } else {
          setWorking(false);
          notify.error({ title: t('connection.toast.saveError'), error: failure });
        }
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
  const { data: pending } = usePendingOrders();
  // The receipt's details, prefilled once from the last purchase the server remembers.
  const [billing, setBilling] = useState<BillingDraft | null>(null);
  const billingDraft = billing ?? billingDraftOf(pending?.billing);
  const { data: profile } = useProfile();
  // The free first scan (server-decided, once): connect now, see what was found, then pay.
  // Only before any plan was held: a seller whose plan ran out renews instead.
  const freeScan = neverHeldPlan(plan) && profile?.free_scan === 'available';
  const [searchParams] = useSearchParams();
  const renewing = searchParams.get('renew') === '1';
  const [step, setStep] = useState<Step>(1);
  const [country, setCountry] = useState<WizardCountry | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [config, setConfig] = useState<RuntimeConfig | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    void loadConfig().then(setConfig, () => undefined);
  }, []);

  // Renewal (the plan alerts and the case sheet link here): straight to the plan step for the
  // plan's country, or, before any plan (after the free scan), the linked account's country.
  const { data: connection } = useConnection();
  const planCountry = plan?.country ?? (plan ? connection?.country_code : undefined);
  const renewCountry = WIZARD_MARKETPLACES.find(
    (m) => !!planCountry && sameCountry(planCountry, m.countryCode),
  )?.countryCode;
  const [renewApplied, setRenewApplied] = useState(false);
  if (renewing && renewCountry && !renewApplied) {
    setRenewApplied(true);
    setCountry(renewCountry);
    setStep(3);
  }

  const marketplace = WIZARD_MARKETPLACES.find((m) => m.countryCode === country);
  const planCovers = !!plan?.active && !!country && sameCountry(plan.country, country);

  function authorizationFailed(description: string, error?: unknown) {
    notify.error({ title: t('authError.title'), description, error });
  }

  async function authorize() {
    // Spec 8: no session or no marketplace is said, never a silent return.
    if (!session) return authorizationFailed(t('authError.noSession'));
    if (!marketplace) return authorizationFailed(t('authError.noMarketplace'));
    setBusy(true);
    try {
      const { authUrl, state } = await startAuthorization(marketplace.id);
      if (!authUrl) {
        authorizationFailed(t('authError.noAuthUrl'));
        setBusy(false);
        return;
      }
      writePending({
        state,
        user_id: session.userId,
        marketplace_id: marketplace.id,
        store_name: null,
        expires_at: Date.now() + 10 * 60 * 1000,
      });
      window.location.assign(authUrl);
    } catch (error) {
      const refused = error instanceof ApiError && error.status < 500;
      authorizationFailed(
        error instanceof ApiError && error.status === 401
          ? t('authError.noSession')
          : refused
            ? error.message
            : t('authError.server'),
        error,
      );
      setBusy(false);
    }
  }

  /** Not the seller's account: sign out and come back here once signed in as themselves. */
  async function switchAccount() {
    await signOutUser();
    void navigate(loginHref(paths.connectAmazon));
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

  async function paid(orderID?: string) {
    try {
      await verifyPayment(orderID);
    } catch (error) {
      // Spec 8's wording, then the server's reason in the seller's language.
      notify.error({
        title: t('plan.errorTitle'),
        description: `${t('plan.verifyFailed')}: ${reasonOf(error)}`,
        error,
      });
      return;
    }
    notify.success({ title: t('plan.paid'), description: t('plan.paidText') });
  }

  async function recover() {
    setBusy(true);
    try {
      await paid();
    } finally {
      setBusy(false);
    }
  }

  const checkout = (label?: string) =>
    config?.payment && country ? (
      <div className="flex w-full flex-col items-start gap-3">
        <BillingFields value={billingDraft} onChange={setBilling} />
        <PaymentButtons
          config={config.payment}
          createOrder={() => createPaymentOrder(country, billingForOrder(billingDraft))}
          onCaptured={paid}
          label={label}
          onError={(error) =>
            notify.error({ title: t('plan.paymentFailed'), description: reasonOf(error), error })
          }
        />
      </div>
    ) : (
      <Alert tone="info">{t('plan.unavailable')}</Alert>
    );

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
                <CountryFlag country={m.countryCode} />
                <span>{t(`countries.${m.countryCode}`, { ns: 'common' })}</span>
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
                  country: t(`countries.${country as WizardCountry}`, { ns: 'common' }),
                  date: plan.expires_at ? formatDate(plan.expires_at, language) : '',
                })}
              </Alert>
              {/* Amazon's consent lands in the account signed in here: name it before leaving. */}
              <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 p-4">
                <p className="text-slate-800" data-testid="connect-account">
                  {t('plan.authorizeAccount', { email: session?.email ?? '' })}
                </p>
                <div className="flex flex-wrap gap-3">
                  <Button disabled={busy || !session} onClick={() => void authorize()}>
                    {busy ? t('plan.authorizing') : t('plan.authorize')}
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={() => void switchAccount()}>
                    {t('plan.notYourAccount')}
                  </Button>
                </div>
              </div>
              <section aria-labelledby="renew-title" className="flex flex-col items-start gap-3">
                <h3 id="renew-title" className="font-semibold">
                  {t('plan.renewTitle')}
                </h3>
                <p className="text-slate-800">
                  {t('plan.renewText', {
                    date: plan.expires_at ? formatDate(plan.expires_at, language) : '',
                  })}
                </p>
                {checkout(t('checkout.renew'))}
              </section>
            </>
          ) : (
            <>
              {plan.ended_reason ? (
                <Alert tone="error">{t(`plan.ended.${endedReason(plan.ended_reason)}`)}</Alert>
              ) : null}
              {plan.active && plan.country ? (
                <Alert tone="info">{t('plan.activeOther', { country: plan.country })}</Alert>
              ) : null}
              {freeScan && !renewing ? (
                <section
                  aria-labelledby="free-scan-title"
                  data-testid="free-scan-offer"
                  className="flex flex-col items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4"
                >
                  <h3 id="free-scan-title" className="font-semibold">
                    {t('freeScan.title')}
                  </h3>
                  <p className="text-slate-800">{t('freeScan.text')}</p>
                  <p className="text-sm text-slate-700">{t('freeScan.needsPlan')}</p>
                  <p className="text-slate-800">
                    {t('plan.authorizeAccount', { email: session?.email ?? '' })}
                  </p>
                  <Button disabled={busy || !session} onClick={() => void authorize()}>
                    {busy ? t('plan.authorizing') : t('freeScan.connect')}
                  </Button>
                </section>
              ) : null}
              <p className="text-slate-800">{t('plan.needed')}</p>
              {config?.freeLaunch ? (
                <div className="flex flex-col items-start gap-3">
                  <Alert tone="info">{t('plan.freeLaunch')}</Alert>
                  <Button disabled={busy} onClick={() => void activateFree()}>
                    {busy ? t('plan.activatingFree') : t('plan.activateFree')}
                  </Button>
                </div>
              ) : (
                checkout()
              )}
            </>
          )}
          {pending && pending.unclaimed > 0 && !planLoading ? (
            <section
              aria-labelledby="recover-title"
              className="flex flex-col items-start gap-2 rounded-lg border border-slate-200 p-4"
            >
              <h3 id="recover-title" className="font-semibold">
                {t('plan.recoverTitle')}
              </h3>
              <p className="text-sm text-slate-700">{t('plan.recoverText')}</p>
              <Button variant="secondary" disabled={busy} onClick={() => void recover()}>
                {busy ? t('plan.recovering') : t('plan.recover')}
              </Button>
            </section>
          ) : null}
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
