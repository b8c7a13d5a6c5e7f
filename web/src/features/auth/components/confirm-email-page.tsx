import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { LoadingScreen } from '../../../components/layout/loading-screen';
import { ButtonLink } from '../../../components/ui/button';
import { confirmRegistration } from '../../../lib/auth/cognito';
import { authErrorMessage, authErrorName } from '../../../lib/auth/errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { resendConfirmation } from '../api/resend-confirmation';
import { handOffConfirmation } from '../sign-up-handoff';
import { ResendControl } from './resend-control';

type Outcome = 'confirmed' | 'alreadyConfirmed' | 'invalid';
/** After a confirmation: whether the tab that registered signed this browser in. */
type Handoff = 'waiting' | 'signedIn' | 'none';

// A confirmation code works once: the development double effect must not send it twice (the
// second call would report the first one's success as an error).
const attempts = new Map<string, Promise<Outcome>>();

async function confirm(email: string, code: string): Promise<Outcome> {
  try {
    await confirmRegistration({ email, code });
    return 'confirmed';
  } catch (error) {
    // Cognito: "User cannot be confirmed. Current status is CONFIRMED". cognito-local answers
    // ExpiredCodeException instead, which the invalid-link text also covers.
    if (
      authErrorName(error) === 'NotAuthorizedException' &&
      /CONFIRMED/.test(authErrorMessage(error) ?? '')
    ) {
      return 'alreadyConfirmed';
    }
    console.error('Email confirmation failed', error);
    return 'invalid';
  }
}

function confirmOnce(email: string, code: string): Promise<Outcome> {
  const key = `${email}\n${code}`;
  let pending = attempts.get(key);
  if (!pending) {
    pending = confirm(email, code);
    attempts.set(key, pending);
  }
  return pending;
}

/** Target of the confirmation email's link: confirms the sign-up, then points to /login. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('confirm.metaTitle'));
  const [search] = useSearchParams();
  const email = search.get('email')?.trim() ?? '';
  const code = search.get('code')?.trim() ?? '';
  const complete = Boolean(email && code);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [handoff, setHandoff] = useState<Handoff>('waiting');

  useEffect(() => {
    if (!complete) return;
    let active = true;
    void confirmOnce(email, code).then((result) => active && setOutcome(result));
    return () => {
      active = false;
    };
  }, [complete, email, code]);

  // Spec 7.1: in the browser that registered, the seller is signed in and lands on /dashboard.
  useEffect(() => {
    if (outcome !== 'confirmed') return;
    let active = true;
    void handOffConfirmation(email).then((signedIn) => {
      if (!active) return;
      setHandoff(signedIn ? 'signedIn' : 'none');
      // A full load: this tab reads the session the other tab stored.
      if (signedIn) window.location.replace(paths.dashboard);
    });
    return () => {
      active = false;
    };
  }, [outcome, email]);

  if (complete && !outcome) return <LoadingScreen inline label={t('confirm.confirming')} />;
  if (outcome === 'confirmed' && handoff !== 'none') {
    return <LoadingScreen inline label={t('confirm.signingIn')} />;
  }

  const loginLink = `${paths.login}?${new URLSearchParams({ email }).toString()}`;
  if (outcome === 'confirmed' || outcome === 'alreadyConfirmed') {
    const confirmed = outcome === 'confirmed';
    return (
      <CardPage
        focusHeading
        title={confirmed ? t('confirm.successTitle') : t('confirm.alreadyTitle')}
        intro={<p>{confirmed ? t('confirm.successText') : t('confirm.alreadyText')}</p>}
      >
        <ButtonLink to={loginLink} size="lg" className="w-full">
          {t('confirm.loginLink')}
        </ButtonLink>
      </CardPage>
    );
  }

  return (
    <CardPage
      focusHeading
      title={complete ? t('confirm.invalidTitle') : t('confirm.incompleteTitle')}
      intro={<p>{complete ? t('confirm.invalidText') : t('confirm.incompleteText')}</p>}
    >
      <div className="space-y-4">
        {email ? (
          <ResendControl initialCooldown={0} send={() => resendConfirmation(email)} />
        ) : null}
        <ButtonLink to={email ? loginLink : paths.login} variant="ghost" className="w-full">
          {t('confirm.loginLink')}
        </ButtonLink>
      </div>
    </CardPage>
  );
}
