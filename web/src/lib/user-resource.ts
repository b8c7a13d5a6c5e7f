import { useMemo, useSyncExternalStore } from 'react';
import { perUserCache, useUserQuery } from './use-user-query';

/**
 * A per-user value that screens share and that a change (connecting, paying, disconnecting)
 * makes everyone read again: `invalidate` drops the cache and re-runs every mounted reader.
 */
export function userResource<T>(fetcher: () => Promise<T>) {
  const cache = perUserCache(fetcher);
  const listeners = new Set<() => void>();
  let version = 0;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getVersion = () => version;
  return {
    use() {
      const current = useSyncExternalStore(subscribe, getVersion);
      // A new loader per version is what makes useUserQuery fetch again.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const load = useMemo(() => (userId: string) => cache.load(userId), [current]);
      return useUserQuery(load);
    },
    invalidate() {
      cache.clear();
      version += 1;
      for (const listener of listeners) listener();
    },
  };
}
