import { useEffect, type ReactNode } from 'react';
import { hasStoredTokens, isTokenStorageKey, setSession } from './session-store';

function loadAuth(): void {
  import('./cognito')
    .then((auth) => auth.ensureAuth())
    .catch((error: unknown) => {
      // Without config or Amplify nobody can be signed in; waiting forever would hide the page.
      console.error('Session check failed', error);
      setSession(null);
    });
}

/**
 * Starts session tracking. With tokens in storage Amplify loads after the first paint and reads
 * the session; without, the visitor is signed out and nothing loads until a sign-in screen (or
 * a sign-in in another tab, seen through the storage event) needs it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (hasStoredTokens()) {
      loadAuth();
      return;
    }
    function onStorage(event: StorageEvent) {
      if (!isTokenStorageKey(event.key) || !hasStoredTokens()) return;
      window.removeEventListener('storage', onStorage);
      loadAuth();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return children;
}
