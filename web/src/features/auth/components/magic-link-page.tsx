import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginHref } from '../../../app/paths';
import { CardPage } from '../../../components/layout/card-page';
import { LoadingScreen } from '../../../components/layout/loading-screen';
import { ButtonLink } from '../../../components/ui/button';
import { ensureAuth, signInWithMagicToken, signOutUser } from '../../../lib/auth/cognito';
import { safeRedirect } from '../../../lib/auth/redirect';
import { getSessionState } from '../../../lib/auth/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';

// One attempt per token: React's development double effects (and a re-render) must not spend a
// single-use token twice.
const attempts = new Map<string, Promise<boolean>>();

async function signInOnce(email: string, token: string): Promise<boolean> {
  // The stored session must be known first: Amplify refuses a sign-in over an existing one.
  await ensureAuth();
  const current = getSessionState().session;
  if (current?.email.toLowerCase() === email.toLowerCase()) return true;
  // Someone else is signed in on this browser: the link is for another account.
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

/** Target of the emailed one-time link: signs in with its token, then goes to `redirectTo`. */
export function MagicLinkPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('magic.metaTitle'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const email = search.get('email')?.trim() ?? '';
  const token = search.get('token')?.trim() ?? '';
  const redirectTo = safeRedirect(search.get('redirectTo'));
  const complete = Boolean(email && token);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!complete) return;
    let active = true;
    void attempt(email, token).then((signedIn) => {
      if (!active) return;
      if (signedIn) navigate(redirectTo, { replace: true });
      else setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [complete, email, token, redirectTo, navigate]);

  if (complete && !failed) return <LoadingScreen inline label={t('magic.signingIn')} />;

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
