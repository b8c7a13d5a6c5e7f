import { act } from '@testing-library/react';
import { setSession } from '../lib/auth/session-store';

/** Signs a test user in (or out, with null) the way the session provider does. */
export function signIn(userId: string | null): void {
  act(() => setSession(userId ? { userId, email: `${userId}@example.com`, groups: [] } : null));
}
