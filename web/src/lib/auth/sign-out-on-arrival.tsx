import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../toast';
import { authErrorMessage } from './errors';

const SIGN_OUT_STATE_KEY = 'signOut';

/**
 * Router state for "sign out once you get there": `navigate(path, { state: signOutState })`.
 * Signing out before leaving a signed-in page would let its route guard win the race and send
 * the user to /login; signing out on arrival, after the new page is committed, cannot.
 */
export const signOutState = { [SIGN_OUT_STATE_KEY]: true } as const;

function asksForSignOut(state: unknown): boolean {
  return !!state && typeof state === 'object' && SIGN_OUT_STATE_KEY in state;
}

/** Lives in the layout; performs the sign-out a navigation asked for (spec 8: toast on failure). */
export function SignOutOnArrival() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!asksForSignOut(location.state) || handled.current === location.key) return;
    handled.current = location.key;
    // Drop the request from the history entry, so Back or a reload does not repeat it.
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true },
    );
    import('./cognito')
      .then((auth) => auth.signOutUser())
      .catch((error: unknown) =>
        notify.error({
          title: t('auth.logoutFailed'),
          description: authErrorMessage(error) ?? String(error),
        }),
      );
  }, [location, navigate, t]);

  return null;
}
