import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeToSession, type SessionState } from './session-store';

/** The current session: `loading` until the first read, then the user or null. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSessionState, getSessionState);
}
