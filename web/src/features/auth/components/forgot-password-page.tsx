import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { focusFirstInvalid, isEmail } from '../../../lib/forms';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { requestPasswordReset } from '../api/request-password-reset';
import { describeSendError } from '../api/send-error';
import { ResendControl } from './resend-control';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.metaTitle'));
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const trimmed = email.trim();
    // Spec 5: a simple address pattern, else "Please enter a valid email address".
    if (!isEmail(trimmed)) {
      setInvalid(true);
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(trimmed);
      setSentTo(trimmed);
    } catch (error) {
      setProblem(describeSendError(error, t));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <CardPage
        focusHeading
        title={t('forgot.sent.title')}
        intro={
          <p>
            <Trans
              t={t}
              i18nKey="forgot.sent.text"
              components={{ email: <strong>{sentTo}</strong> }}
            />
          </p>
        }
      >
        <div className="space-y-4">
          <ResendControl send={() => requestPasswordReset(sentTo)} />
          <ButtonLink to={paths.login} variant="ghost" className="w-full">
            {t('forgot.sent.back')}
          </ButtonLink>
        </div>
      </CardPage>
    );
  }

  return (
    <CardPage title={t('forgot.title')} intro={<p>{t('forgot.intro')}</p>}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
      >
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setInvalid(false);
          }}
          error={invalid ? t('validation.emailInvalid') : undefined}
          required
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
        <ButtonLink to={paths.login} variant="ghost" className="w-full">
          {t('forgot.back')}
        </ButtonLink>
      </form>
    </CardPage>
  );
}
