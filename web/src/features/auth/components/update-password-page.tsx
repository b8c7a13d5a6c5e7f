import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { LoadingScreen } from '../../../components/layout/loading-screen';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { completePasswordReset, ensureAuth } from '../../../lib/auth/cognito';
import {
  authErrorMessage,
  authErrorName,
  isAuthNetworkError,
  isRateLimited,
} from '../../../lib/auth/errors';
import { PASSWORD_MIN_LENGTH, useFieldForm } from '../../../lib/forms';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** After "password updated", how long before the page moves on to /login by itself. */
const REDIRECT_DELAY_MS = 3000;

type Step = 'verifying' | 'form' | 'updated' | 'invalid';
type Field = 'password' | 'confirm';
type Message = 'validation.passwordTooShort' | 'validation.passwordMismatch';

const schema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort'),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    message: 'validation.passwordMismatch',
    path: ['confirm'],
  });

type Problem =
  'errors.connection' | 'errors.tooManyAttempts' | 'reset.errors.weakPassword' | { text: string };

/**
 * Target of the reset email's link. Cognito checks a reset code only together with the new
 * password, so "verifying" checks the link is whole and the sign-in service answers; a code that
 * turns out expired or used at submit leads to the same "invalid link" step.
 */
export function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.metaTitle'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const email = search.get('email')?.trim() ?? '';
  const code = search.get('code')?.trim() ?? '';
  const complete = Boolean(email && code);
  const { formRef, values, errors, update, invalid } = useFieldForm<Record<Field, string>, Message>(
    {
      password: '',
      confirm: '',
    },
  );

  const [step, setStep] = useState<Step>(complete ? 'verifying' : 'invalid');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step !== 'verifying') return;
    let active = true;
    ensureAuth().then(
      () => active && setStep('form'),
      (error: unknown) => {
        console.error('Auth configuration failed', error);
        if (active) {
          setProblem('errors.connection');
          setStep('form');
        }
      },
    );
    return () => {
      active = false;
    };
  }, [step]);

  useEffect(() => {
    if (step !== 'updated') return;
    const timer = window.setTimeout(
      () => navigate(paths.login, { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    if (invalid(schema)) return;
    setBusy(true);
    try {
      await completePasswordReset({ email, code, newPassword: values.password });
      setStep('updated');
    } catch (error) {
      setBusy(false);
      const name = authErrorName(error);
      if (
        name === 'CodeMismatchException' ||
        name === 'ExpiredCodeException' ||
        name === 'UserNotFoundException'
      ) {
        setStep('invalid');
      } else if (name === 'InvalidPasswordException') {
        setProblem('reset.errors.weakPassword');
      } else if (isRateLimited(error)) {
        setProblem('errors.tooManyAttempts');
      } else if (isAuthNetworkError(error)) {
        setProblem('errors.connection');
      } else {
        setProblem({ text: authErrorMessage(error) ?? t('errors.generic') });
      }
    }
  }

  if (step === 'verifying') return <LoadingScreen inline label={t('reset.verifying')} />;

  if (step === 'updated') {
    return (
      <CardPage
        focusHeading
        title={t('reset.updatedTitle')}
        intro={<p role="status">{t('reset.updatedText')}</p>}
      >
        <ButtonLink to={paths.login} replace size="lg" className="w-full">
          {t('reset.loginLink')}
        </ButtonLink>
      </CardPage>
    );
  }

  if (step === 'invalid') {
    return (
      <CardPage
        focusHeading
        title={t('reset.invalidTitle')}
        intro={<p>{t('reset.invalidText')}</p>}
      >
        <ButtonLink to={paths.forgotPassword} size="lg" className="w-full">
          {t('reset.requestAgain')}
        </ButtonLink>
      </CardPage>
    );
  }

  return (
    <CardPage
      focusHeading
      title={t('reset.title')}
      intro={
        <p>
          <Trans t={t} i18nKey="reset.intro" components={{ email: <strong>{email}</strong> }} />
        </p>
      }
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
      >
        {problem ? (
          <Alert tone="error">{typeof problem === 'string' ? t(problem) : problem.text}</Alert>
        ) : null}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t('fields.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={t('fields.passwordPlaceholder')}
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          error={errors.password ? t(errors.password) : undefined}
          required
        />
        <TextField
          label={t('fields.confirmPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={(event) => update('confirm', event.target.value)}
          error={errors.confirm ? t(errors.confirm) : undefined}
          required
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </CardPage>
  );
}
