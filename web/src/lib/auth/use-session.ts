import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeToSession, type SessionState } from './session-store';

/**
 * Prerendered pages are written for a visitor, so hydration starts from that state; a stored
 * session then shows as it does on any other first load.
 */
const VISITOR: SessionState = { loading: false, session: null };
const visitorSnapshot = () => VISITOR;

/** The current session: `loading` until the first read, then the user or null. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSessionState, visitorSnapshot);
}
