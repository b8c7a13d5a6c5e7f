import useSWR, { mutate, type SWRConfiguration } from 'swr';
import type { z } from 'zod';
import { apiRequest } from './api-client';
import { getSessionState, subscribeToSession } from './auth/session-store';
import { useSession } from './auth/use-session';

/**
 * Server reads through SWR (ARCHITECTURE.md). Every key is the API path and the user it belongs
 * to, so one user's answers are never shown to the next; the cache is emptied when the user
 * changes. Only signed-in pages import this module: the landing page does not download SWR.
 */
export type UserKey = readonly [path: string, userId: string];

/** The key of `path` for the signed-in user; null (no read) when signed out or `path` is null. */
export function useUserKey(path: string | null): UserKey | null {
  const { session } = useSession();
  return path && session ? [path, session.userId] : null;
}

/** The key of `path` for whoever is signed in now, for changes made outside a component. */
export function currentUserKey(path: string): UserKey | null {
  const userId = getSessionState().session?.userId;
  return userId ? [path, userId] : null;
}

/** `GET path` checked against `schema`, for the signed-in user. */
export function useUserRead<T>(
  path: string | null,
  schema: z.ZodType<T>,
  config?: SWRConfiguration<T>,
) {
  return useSWR(useUserKey(path), ([url]: UserKey) => apiRequest(url, { schema }), config);
}

function isUnder(key: unknown, path: string): boolean {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  return key[0] === path || key[0].startsWith(`${path}?`);
}

/**
 * After a change made from this tab: every cached read of `path` (with any query) is read again
 * by the components that show it.
 */
export function revalidate(...paths: string[]): Promise<unknown> {
  return mutate((key) => paths.some((path) => isUnder(key, path)));
}

/** After a change that touches everything shown (a sync, a demo reset): read it all again. */
export function revalidateAll(): Promise<unknown> {
  return mutate((key) => Array.isArray(key));
}

let cachedUser = getSessionState().session?.userId;
subscribeToSession(() => {
  const userId = getSessionState().session?.userId;
  if (userId === cachedUser) return;
  cachedUser = userId;
  // Keys carry the user already; this drops the previous user's data from memory too.
  void mutate(() => true, undefined, { revalidate: false });
});
