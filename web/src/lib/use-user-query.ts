import { useEffect, useState } from 'react';
import { useSession } from './auth/use-session';

export type UserQueryState<T> = {
  data: T | undefined;
  error: unknown;
  loading: boolean;
};

type Settled<T> = { userId: string; data?: T; error?: unknown };

/**
 * Runs `load` for the signed-in user and shares the result per user: a value that belongs to
 * the previous user is never shown to the next one. `load` must be a stable module function
 * that caches its own promise.
 */
export function useUserQuery<T>(load: (userId: string) => Promise<T>): UserQueryState<T> {
  const { session } = useSession();
  const userId = session?.userId;
  const [settled, setSettled] = useState<Settled<T> | undefined>(undefined);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    load(userId).then(
      (data) => current && setSettled({ userId, data }),
      (error: unknown) => current && setSettled({ userId, error }),
    );
    return () => {
      current = false;
    };
  }, [userId, load]);

  if (!userId) return { data: undefined, error: undefined, loading: false };
  if (settled?.userId !== userId) return { data: undefined, error: undefined, loading: true };
  return { data: settled.data, error: settled.error, loading: false };
}

/** A per-user promise cache; a failed load is forgotten so the next caller tries again. */
export function perUserCache<T>(fetcher: () => Promise<T>) {
  const entries = new Map<string, Promise<T>>();
  return {
    load(userId: string): Promise<T> {
      let entry = entries.get(userId);
      if (!entry) {
        entry = fetcher().catch((error: unknown) => {
          entries.delete(userId);
          throw error;
        });
        entries.set(userId, entry);
      }
      return entry;
    },
    clear(): void {
      entries.clear();
    },
  };
}
