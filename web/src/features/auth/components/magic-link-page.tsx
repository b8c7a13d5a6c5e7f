import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginHref } from '../../../app/paths';
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
  | { kind: 'confirm'; current: string }
  | { kind: 'signing-in' }
  | { kind: 'failed' };

/**
 * Target of the emailed one-time link: signs in with its token, then goes to `redirectTo`.
 * When another account is signed in on this browser, it asks first: a link someone else sent
 * must not quietly swap the seller into their account (where connecting Amazon would hand them
 * the seller's authorisation).
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
        if (!active) return;
        const other = current && current.toLowerCase() !== email.toLowerCase();
        setStep(other ? { kind: 'confirm', current } : { kind: 'signing-in' });
      });
    return () => {
      active = false;
    };
  }, [complete, email, step.kind]);

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
    return (
      <CardPage
        focusHeading
        title={t('magic.switchTitle')}
        intro={<p>{t('magic.switchText', { current: step.current, email })}</p>}
      >
        <div className="flex flex-col gap-3">
          <Button className="w-full" onClick={() => setStep({ kind: 'signing-in' })}>
            {t('magic.switchContinue', { email })}
          </Button>
          <ButtonLink to={redirectTo} variant="secondary" className="w-full">
            {t('magic.switchStay', { current: step.current })}
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
