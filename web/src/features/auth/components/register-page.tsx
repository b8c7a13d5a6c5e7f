import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FieldError, TextField, fieldBorder, inputClass } from '../../../components/ui/text-field';
import { registerAccount } from '../../../lib/auth/cognito';
import {
  authErrorMessage,
  authErrorName,
  isAuthNetworkError,
  isRateLimited,
} from '../../../lib/auth/errors';
import { useFieldForm } from '../../../lib/forms';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { getCaptcha } from '../api/get-captcha';
import { currentLanguage } from '../api/language';
import { resendConfirmation } from '../api/resend-confirmation';
import { awaitConfirmation } from '../sign-up-handoff';
import {
  MIN_FILL_MS,
  PHONE_PREFIXES,
  registerSchema,
  toE164,
  type PhonePrefix,
  type RegisterField,
  type RegisterMessage,
  type RegisterValues,
} from '../register-rules';
import { CaptchaField, type CaptchaState } from './captcha-field';
import { ResendControl } from './resend-control';

type FormProblem =
  | { key: 'validation.honeypot' | 'validation.tooFast' | 'errors.connection' }
  | {
      key: 'register.errors.rateLimited' | 'register.errors.userExists' | 'register.errors.failed';
    }
  | { text: string };

const emptyValues: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  phonePrefix: '+39',
  phoneNumber: '',
  password: '',
  captchaAnswer: '',
};

function millisecondsSince(time: number): number {
  return Date.now() - time;
}

/** Words the pre-sign-up trigger puts in its refusal (the server contract). */
function triggerRefusal(message: string) {
  if (message.includes('HONEYPOT')) return 'honeypot';
  if (message.includes('TOO_FAST')) return 'tooFast';
  if (message.includes('CAPTCHA_WRONG') || message.includes('CAPTCHA_INVALID')) return 'captcha';
  if (message.includes('PHONE_INVALID')) return 'phone';
  return null;
}

export function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.metaTitle'));
  const [sent, setSent] = useState<{ email: string; password: string } | null>(null);
  const navigate = useNavigate();

  // Spec 7.1: confirmed from this browser, the seller is signed in and lands on the dashboard.
  useEffect(() => {
    if (!sent) return;
    return awaitConfirmation(sent.email, sent.password, () => void navigate(paths.dashboard));
  }, [sent, navigate]);

  if (sent) return <EmailSent email={sent.email} />;
  return <RegisterForm onRegistered={(email, password) => setSent({ email, password })} />;
}

function RegisterForm({
  onRegistered,
}: {
  onRegistered: (email: string, password: string) => void;
}) {
  const { t } = useTranslation('auth');
  const { formRef, values, setValues, errors, update, invalid, reject } = useFieldForm<
    RegisterValues,
    RegisterMessage
  >(emptyValues);
  const [honeypot, setHoneypot] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>({ status: 'loading' });
  // When the current challenge appeared: the 2 s rule counts from here (spec 5).
  const shownAt = useRef(0);
  const request = useRef(0);
  const ids = { honeypot: useId(), phone: useId(), prefix: useId(), phoneError: useId() };

  const loadCaptcha = useCallback(() => {
    request.current += 1;
    const current = request.current;
    shownAt.current = Date.now();
    getCaptcha().then(
      (next) => {
        if (current !== request.current) return;
        shownAt.current = Date.now();
        setCaptcha({ status: 'ready', captcha: next });
      },
      () => current === request.current && setCaptcha({ status: 'failed' }),
    );
  }, []);

  useEffect(loadCaptcha, [loadCaptcha]);

  // The old sum stays on screen until the new one arrives, so the field (and its error) keeps
  // its place and focus; the 2 s rule already blocks a submit in between.
  function refreshCaptcha() {
    if (captcha.status === 'failed') setCaptcha({ status: 'loading' });
    setValues((previous) => ({ ...previous, captchaAnswer: '' }));
    loadCaptcha();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);

    // The person's mistakes first; then the anti-bot rules, which a person rarely trips.
    const sum = captcha.status === 'ready' ? captcha.captcha.a + captcha.captcha.b : null;
    const found = invalid(registerSchema(sum));
    if (found) {
      if (found.captchaAnswer && captcha.status === 'ready') refreshCaptcha();
      return;
    }
    if (honeypot) {
      setProblem({ key: 'validation.honeypot' });
      return;
    }
    if (millisecondsSince(shownAt.current) < MIN_FILL_MS) {
      setProblem({ key: 'validation.tooFast' });
      return;
    }
    if (captcha.status !== 'ready') return;

    setBusy(true);
    const email = values.email.trim();
    try {
      await registerAccount({
        email,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: toE164(values.phonePrefix, values.phoneNumber),
        language: currentLanguage(),
        validationData: {
          captchaToken: captcha.captcha.token,
          captchaAnswer: values.captchaAnswer.trim(),
          honeypot,
          formLoadedAt: String(shownAt.current),
        },
      });
      onRegistered(email, values.password);
    } catch (error) {
      setBusy(false);
      // Each challenge answers once: whatever went wrong, the next attempt needs a new one.
      refreshCaptcha();
      showFailure(error);
    }
  }

  function showFailure(error: unknown) {
    const name = authErrorName(error);
    const message = authErrorMessage(error) ?? '';
    if (name === 'UserLambdaValidationException') {
      const refusal = triggerRefusal(message);
      if (refusal === 'captcha') {
        return reject('captchaAnswer', 'validation.captchaWrong');
      }
      if (refusal === 'phone') {
        return reject('phoneNumber', 'validation.phoneInvalid');
      }
      if (refusal === 'honeypot') return setProblem({ key: 'validation.honeypot' });
      if (refusal === 'tooFast') return setProblem({ key: 'validation.tooFast' });
      // Any other refusal word is for developers ("PreSignUp failed with error …").
      return setProblem({ key: 'register.errors.failed' });
    }
    if (name === 'UsernameExistsException') {
      return setProblem({ key: 'register.errors.userExists' });
    }
    if (name === 'InvalidPasswordException') {
      return reject('password', 'register.errors.weakPassword');
    }
    if (isRateLimited(error)) return setProblem({ key: 'register.errors.rateLimited' });
    if (isAuthNetworkError(error)) return setProblem({ key: 'errors.connection' });
    setProblem(message ? { text: message } : { key: 'register.errors.failed' });
  }

  const error = (field: RegisterField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const phoneError = error('phoneNumber');

  return (
    <CardPage title={t('register.title')} intro={<p>{t('register.intro')}</p>} size="lg">
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="relative space-y-5"
      >
        {problem ? (
          <Alert tone="error">{'text' in problem ? problem.text : t(problem.key)}</Alert>
        ) : null}

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('fields.firstName')}
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => update('firstName', event.target.value)}
            error={error('firstName')}
            required
          />
          <TextField
            label={t('fields.lastName')}
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => update('lastName', event.target.value)}
            error={error('lastName')}
            required
          />
        </div>

        <TextField
          label={t('fields.workEmail')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          error={error('email')}
          required
        />

        <fieldset>
          <legend className="block text-sm font-medium text-slate-900">{t('fields.phone')}</legend>
          <div className="mt-1 flex gap-2">
            <label htmlFor={ids.prefix} className="sr-only">
              {t('fields.phonePrefix')}
            </label>
            <select
              id={ids.prefix}
              name="phonePrefix"
              autoComplete="tel-country-code"
              value={values.phonePrefix}
              onChange={(event) => update('phonePrefix', event.target.value as PhonePrefix)}
              className={`${inputClass} ${fieldBorder(false)} shrink-0`}
            >
              {PHONE_PREFIXES.map((prefix) => (
                <option key={prefix} value={prefix}>
                  {prefix}
                </option>
              ))}
            </select>
            <label htmlFor={ids.phone} className="sr-only">
              {t('fields.phoneNumber')}
            </label>
            <input
              id={ids.phone}
              name="phoneNumber"
              type="tel"
              autoComplete="tel-national"
              value={values.phoneNumber}
              onChange={(event) => update('phoneNumber', event.target.value)}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? ids.phoneError : undefined}
              required
              className={`${inputClass} ${fieldBorder(Boolean(phoneError))} w-full min-w-0`}
            />
          </div>
          {phoneError ? <FieldError id={ids.phoneError}>{phoneError}</FieldError> : null}
        </fieldset>

        <TextField
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          error={error('password')}
          required
        />

        <CaptchaField
          state={captcha}
          answer={values.captchaAnswer}
          onAnswerChange={(value) => update('captchaAnswer', value)}
          onRefresh={refreshCaptcha}
          error={error('captchaAnswer')}
        />

        {/* The honeypot: invisible to people and assistive technology, tempting to bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
          <label htmlFor={ids.honeypot}>{t('register.honeypotLabel')}</label>
          <input
            id={ids.honeypot}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </div>

        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy || captcha.status !== 'ready'}
          aria-busy={busy || undefined}
        >
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>

        <p className="text-center text-sm text-slate-700">
          {t('register.haveAccount')}{' '}
          <Link
            to={paths.login}
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            {t('register.loginLink')}
          </Link>
        </p>
      </form>
    </CardPage>
  );
}

function EmailSent({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <CardPage
      focusHeading
      title={t('register.sent.title')}
      intro={
        <>
          <p>
            <Trans
              t={t}
              i18nKey="register.sent.text"
              components={{ email: <strong>{email}</strong> }}
            />
          </p>
          <p className="mt-2 text-sm">{t('register.sent.spam')}</p>
        </>
      }
    >
      <div className="space-y-4">
        <ResendControl send={() => resendConfirmation(email)} />
        <ButtonLink to={paths.login} variant="ghost" className="w-full">
          {t('register.sent.loginLink')}
        </ButtonLink>
      </div>
    </CardPage>
  );
}
