/**
 * The signed-in user as the interface needs it. Tokens stay inside Amplify; code that calls the
 * API asks the API client, which reads them fresh (and refreshed) on every request.
 */
export type Session = {
  userId: string;
  email: string;
  groups: readonly string[];
};

export type SessionState = {
  /** True until the first session read completes (spec 4.8). */
  loading: boolean;
  /** Null when signed out. */
  session: Session | null;
};

// Amplify's key prefix for the Cognito user-pool tokens (`<prefix>.<clientId>.<user>.<kind>`).
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

function storageHoldsTokens(storage: Storage): boolean {
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(TOKEN_KEY_PREFIX) && key.endsWith('.refreshToken')) return true;
  }
  return false;
}

/** Whether the tokens of a browser-session-only sign-in ("remember me" unticked) exist. */
export function sessionStorageHoldsTokens(): boolean {
  try {
    return storageHoldsTokens(window.sessionStorage);
  } catch {
    return false;
  }
}

/**
 * A cheap look at storage before any auth code loads: without stored tokens the visitor is
 * certainly signed out, so the landing page never downloads Amplify for anonymous visitors.
 * With tokens, only Amplify can tell whether they are still good.
 */
export function hasStoredTokens(): boolean {
  try {
    return storageHoldsTokens(window.localStorage) || sessionStorageHoldsTokens();
  } catch {
    // Storage disabled: Amplify cannot keep a session either.
    return false;
  }
}

export function isTokenStorageKey(key: string | null): boolean {
  return key === null || key.startsWith(TOKEN_KEY_PREFIX);
}

let state: SessionState = hasStoredTokens()
  ? { loading: true, session: null }
  : { loading: false, session: null };
const listeners = new Set<() => void>();

export function getSessionState(): SessionState {
  return state;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.userId === b.userId && a.email === b.email && a.groups.join() === b.groups.join();
}

/** Records the result of a session read; an unchanged session keeps its identity (no re-render). */
export function setSession(session: Session | null): void {
  if (!state.loading && sameSession(state.session, session)) return;
  state = { loading: false, session };
  for (const listener of listeners) listener();
}
