import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { signInWithPassword } from '../../../lib/auth/cognito';
import { authErrorMessage, authErrorName, isAuthNetworkError } from '../../../lib/auth/errors';
import { redirectFromSearch } from '../../../lib/auth/redirect';
import { useSession } from '../../../lib/auth/use-session';
import { focusFirstInvalid, isEmail } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { requestMagicLink } from '../api/request-magic-link';
import { resendConfirmation } from '../api/resend-confirmation';
import { describeSendError } from '../api/send-error';
import { ResendControl } from './resend-control';

type EmailError =
  'validation.emailRequired' | 'validation.emailInvalid' | 'validation.magicEmailRequired';

type Problem =
  | { kind: 'invalidCredentials' }
  | { kind: 'unconfirmed'; email: string }
  | { kind: 'resetRequired' }
  | { kind: 'text'; text: string };

// Cognito answers a wrong password with NotAuthorizedException, cognito-local with
// InvalidPasswordException; an unknown user may surface as UserNotFoundException.
const INVALID_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
]);

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.metaTitle'));
  const [search] = useSearchParams();
  const redirectTo = redirectFromSearch(search);
  const navigate = useNavigate();
  const { session } = useSession();
  const formRef = useRef<HTMLFormElement>(null);

  const [email, setEmail] = useState(() => search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [emailError, setEmailError] = useState<EmailError | null>(null);
  const [passwordError, setPasswordError] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'password' | 'magic' | null>(null);
  const [magicSentTo, setMagicSentTo] = useState<string | null>(null);
  const [cameBack, setCameBack] = useState(false);

  // Arriving signed in (or signed in from another tab): straight on. During our own sign-in
  // the submit handler navigates, so this waits for it.
  if (session && !busy) return <Navigate to={redirectTo} replace />;

  if (magicSentTo) {
    return (
      <CardPage
        focusHeading
        title={t('login.magicSent.title')}
        intro={
          <p>
            <Trans
              t={t}
              i18nKey="login.magicSent.text"
              components={{ email: <strong>{magicSentTo}</strong> }}
            />
          </p>
        }
      >
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => {
            setMagicSentTo(null);
            setCameBack(true);
          }}
        >
          {t('login.magicSent.back')}
        </Button>
      </CardPage>
    );
  }

  function checkEmail(emptyMessage: EmailError): boolean {
    const trimmed = email.trim();
    const found: EmailError | null = !trimmed
      ? emptyMessage
      : isEmail(trimmed)
        ? null
        : 'validation.emailInvalid';
    setEmailError(found);
    return found === null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const emailOk = checkEmail('validation.emailRequired');
    const passwordOk = password.length > 0;
    setPasswordError(!passwordOk);
    if (!emailOk || !passwordOk) {
      focusFirstInvalid(formRef.current);
      return;
    }

    setBusy('password');
    const trimmed = email.trim();
    try {
      const result = await signInWithPassword({ email: trimmed, password, remember });
      if (result === 'signedIn') {
        navigate(redirectTo, { replace: true });
        return;
      }
      setBusy(null);
      if (result === 'unconfirmed') setProblem({ kind: 'unconfirmed', email: trimmed });
      else if (result === 'resetRequired') setProblem({ kind: 'resetRequired' });
      else setProblem({ kind: 'text', text: t('login.errors.failed') });
    } catch (error) {
      setBusy(null);
      const name = authErrorName(error);
      if (name === 'UserAlreadyAuthenticatedException') {
        navigate(redirectTo, { replace: true });
        return;
      }
      if (name && INVALID_CREDENTIALS.has(name)) {
        setProblem({ kind: 'invalidCredentials' });
        return;
      }
      // Spec 8: any other error shows inline and as a toast.
      const text = isAuthNetworkError(error)
        ? t('login.errors.connection')
        : (authErrorMessage(error) ?? t('login.errors.connection'));
      setProblem({ kind: 'text', text });
      notify.error({ title: t('login.errors.failed'), description: text });
    }
  }

  async function onMagicLink() {
    if (busy) return;
    setProblem(null);
    setPasswordError(false);
    if (!checkEmail('validation.magicEmailRequired')) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy('magic');
    const trimmed = email.trim();
    try {
      await requestMagicLink({ email: trimmed, redirectTo });
      setMagicSentTo(trimmed);
    } catch (error) {
      setProblem({ kind: 'text', text: describeSendError(error, t) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <CardPage focusHeading={cameBack} title={t('login.title')} intro={<p>{t('login.intro')}</p>}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
      >
        {problem ? <LoginProblem problem={problem} /> : null}

        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          error={emailError ? t(emailError) : undefined}
          required
        />
        <TextField
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(false);
          }}
          error={passwordError ? t('validation.passwordRequired') : undefined}
          labelAside={
            <Link
              to={paths.forgotPassword}
              className="text-sm font-medium text-brand-700 underline underline-offset-4"
            >
              {t('login.forgot')}
            </Link>
          }
          required
        />
        <CheckboxField
          label={t('fields.remember')}
          name="remember"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />

        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy !== null}
          aria-busy={busy === 'password' || undefined}
        >
          {busy === 'password' ? t('login.submitting') : t('login.submit')}
        </Button>

        <div className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          {t('login.or')}
          <span className="h-px flex-1 bg-slate-200" />
        </div>

        <Button
          variant="secondary"
          className="w-full"
          onClick={() => void onMagicLink()}
          disabled={busy !== null}
          aria-busy={busy === 'magic' || undefined}
        >
          {busy === 'magic' ? t('login.magicSending') : t('login.magic')}
        </Button>

        <p className="text-center text-sm text-slate-700">
          {t('login.noAccount')}{' '}
          <Link
            to={paths.register}
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            {t('login.registerLink')}
          </Link>
        </p>
      </form>
    </CardPage>
  );
}

function LoginProblem({ problem }: { problem: Problem }) {
  const { t } = useTranslation('auth');
  switch (problem.kind) {
    case 'invalidCredentials':
      return <Alert tone="error">{t('login.errors.invalidCredentials')}</Alert>;
    case 'unconfirmed':
      return (
        <div className="space-y-3">
          <Alert tone="error">{t('login.errors.unconfirmed')}</Alert>
          <ResendControl initialCooldown={0} send={() => resendConfirmation(problem.email)} />
        </div>
      );
    case 'resetRequired':
      return (
        <Alert tone="error">
          {t('login.errors.resetRequired')}{' '}
          <Link to={paths.forgotPassword} className="font-medium underline underline-offset-4">
            {t('login.errors.resetLink')}
          </Link>
        </Alert>
      );
    case 'text':
      return <Alert tone="error">{problem.text}</Alert>;
  }
}
