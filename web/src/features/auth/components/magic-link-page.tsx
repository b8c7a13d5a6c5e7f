import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginHref, paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { LoadingScreen } from '../../../components/layout/loading-screen';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ensureAuth, signInWithMagicToken, signOutUser } from '../../../lib/auth/cognito';
import { safeRedirect } from '../../../lib/auth/redirect';
import { getSessionState } from '../../../lib/auth/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';

// One attempt per token: React's development double effects (and a re-render) must not spend a
// single-use token twice.
const attempts = new Map<string, Promise<boolean>>();

/** Who is signed in on this browser now, once the stored session is known. */
async function signedInEmail(): Promise<string | undefined> {
  // The stored session must be known first: Amplify refuses a sign-in over an existing one.
  await ensureAuth();
  return getSessionState().session?.email;
}

async function signInOnce(email: string, token: string): Promise<boolean> {
  const current = await signedInEmail();
  if (current?.toLowerCase() === email.toLowerCase()) return true;
  if (current) await signOutUser();
  return signInWithMagicToken({ email, token });
}

function attempt(email: string, token: string): Promise<boolean> {
  let pending = attempts.get(token);
  if (!pending) {
    pending = signInOnce(email, token).catch((error: unknown) => {
      console.error('Magic link sign-in failed', error);
      return false;
    });
    attempts.set(token, pending);
  }
  return pending;
}

type Step =
  | { kind: 'checking' }
  /** Asks before anything happens; `current` is who is signed in on this browser, if anyone. */
  | { kind: 'confirm'; current?: string }
  | { kind: 'signing-in' }
  | { kind: 'failed' };

/**
 * Target of the emailed one-time link. It never signs in on its own: it names the account the
 * link opens and waits for the visitor to continue, so a link someone else sent cannot quietly
 * put the visitor in their account (where connecting Amazon would hand them the seller's
 * authorisation). When another account is signed in on this browser it says so too. The
 * address is shown in full: the visitor must recognise it, and it is in the link already.
 */
export function MagicLinkPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('magic.metaTitle'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const email = search.get('email')?.trim() ?? '';
  const token = search.get('token')?.trim() ?? '';
  const redirectTo = safeRedirect(search.get('redirectTo'));
  const complete = Boolean(email && token);
  const [step, setStep] = useState<Step>({ kind: 'checking' });

  useEffect(() => {
    if (!complete || step.kind !== 'checking') return;
    let active = true;
    void signedInEmail()
      .catch(() => undefined)
      .then((current) => {
        if (active) setStep({ kind: 'confirm', current });
      });
    return () => {
      active = false;
    };
  }, [complete, step.kind]);

  useEffect(() => {
    if (step.kind !== 'signing-in') return;
    let active = true;
    void attempt(email, token).then((signedIn) => {
      if (!active) return;
      if (signedIn) navigate(redirectTo, { replace: true });
      else setStep({ kind: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [step.kind, email, token, redirectTo, navigate]);

  if (complete && step.kind === 'confirm') {
    const { current } = step;
    if (current && current.toLowerCase() === email.toLowerCase()) {
      return (
        <CardPage
          focusHeading
          title={t('magic.sameTitle')}
          intro={<p>{t('magic.sameText', { email: current })}</p>}
        >
          <ButtonLink to={redirectTo} replace className="w-full">
            {t('magic.sameContinue')}
          </ButtonLink>
        </CardPage>
      );
    }
    if (current) {
      return (
        <CardPage
          focusHeading
          title={t('magic.switchTitle')}
          intro={<p>{t('magic.switchText', { current, email })}</p>}
        >
          <div className="flex flex-col gap-3">
            <Button className="w-full" onClick={() => setStep({ kind: 'signing-in' })}>
              {t('magic.switchContinue', { email })}
            </Button>
            <ButtonLink to={redirectTo} variant="secondary" className="w-full">
              {t('magic.switchStay', { current })}
            </ButtonLink>
          </div>
        </CardPage>
      );
    }
    return (
      <CardPage
        focusHeading
        title={t('magic.confirmTitle')}
        intro={<p>{t('magic.confirmText', { email })}</p>}
      >
        <div className="flex flex-col gap-3">
          <Button className="w-full" onClick={() => setStep({ kind: 'signing-in' })}>
            {t('magic.confirmContinue', { email })}
          </Button>
          <ButtonLink to={paths.home} variant="secondary" className="w-full">
            {t('magic.confirmCancel')}
          </ButtonLink>
        </div>
      </CardPage>
    );
  }

  if (complete && step.kind !== 'failed') {
    return <LoadingScreen inline label={t('magic.signingIn')} />;
  }

  return (
    <CardPage
      focusHeading
      title={t('magic.failedTitle')}
      intro={<p>{complete ? t('magic.failedText') : t('magic.incompleteText')}</p>}
    >
      <ButtonLink to={loginHref(redirectTo)} className="w-full">
        {t('magic.back')}
      </ButtonLink>
    </CardPage>
  );
}
