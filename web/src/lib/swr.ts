import { useEffect } from 'react';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
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

/**
 * A list the server hands out in pages (`?cursor=`): `GET path?query` for the first page, then
 * each next page with the cursor the previous one returned, until it returns none. `setSize` of
 * one more reads the next page; a change of `query` starts a new list.
 */
export function useUserPages<T>(
  path: string,
  query: Record<string, string>,
  schema: z.ZodType<T>,
  nextCursor: (page: T) => string | null,
  config?: SWRInfiniteConfiguration<T>,
) {
  const { session } = useSession();
  const userId = session?.userId;
  const read = useSWRInfinite(
    (index: number, previous: T | null): UserKey | null => {
      if (!userId) return null;
      const cursor = previous ? nextCursor(previous) : null;
      if (index > 0 && !cursor) return null;
      const params = new URLSearchParams(query);
      if (cursor) params.set('cursor', cursor);
      const search = params.toString();
      return [search ? `${path}?${search}` : path, userId];
    },
    ([url]: UserKey) => apiRequest(url, { schema }),
    { revalidateFirstPage: false, ...config },
  );
  // SWR's global mutate skips paged lists; `revalidate` and `revalidateAll` reach them here.
  const reread = read.mutate;
  useEffect(() => {
    const entry = { path, reread: () => reread() };
    pagedLists.add(entry);
    return () => {
      pagedLists.delete(entry);
    };
  }, [path, reread]);
  const pages = read.data ?? [];
  const last = pages.at(-1);
  return {
    ...read,
    pages,
    /** The next page is being read (or the first, before anything is on screen). */
    loadingMore: read.isLoading || (read.size > 0 && pages.length < read.size && !read.error),
    hasMore: last !== undefined && nextCursor(last) !== null,
    loadMore: () => read.setSize(read.size + 1),
  };
}

/** The paged lists on screen, each with how to read it again. */
const pagedLists = new Set<{ path: string; reread: () => Promise<unknown> }>();

function isUnder(key: unknown, path: string): boolean {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  return key[0] === path || key[0].startsWith(`${path}?`);
}

/**
 * After a change made from this tab: every cached read of `path` (with any query) is read again
 * by the components that show it.
 */
export function revalidate(...paths: string[]): Promise<unknown> {
  return Promise.all([
    mutate((key) => paths.some((path) => isUnder(key, path))),
    ...[...pagedLists]
      .filter((list) => paths.some((path) => isUnder([list.path], path)))
      .map((list) => list.reread()),
  ]);
}

/** After a change that touches everything shown (a sync, a demo reset): read it all again. */
export function revalidateAll(): Promise<unknown> {
  return Promise.all([
    mutate((key) => Array.isArray(key)),
    ...[...pagedLists].map((list) => list.reread()),
  ]);
}

let cachedUser = getSessionState().session?.userId;
subscribeToSession(() => {
  const userId = getSessionState().session?.userId;
  if (userId === cachedUser) return;
  cachedUser = userId;
  // Keys carry the user already; this drops the previous user's data from memory too.
  void mutate(() => true, undefined, { revalidate: false });
});
