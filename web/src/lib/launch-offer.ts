import { useEffect, useState } from 'react';

let pending: Promise<boolean> | undefined;

/**
 * Whether the plan is free during launch (spec 4.7), from the runtime config. Read without the
 * config schema on purpose: the landing page asks too, and must not download the validator.
 */
function fetchFreeLaunch(): Promise<boolean> {
  pending ??= fetch('/config.json', { cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<{ freeLaunch?: unknown }>) : null))
    .then((config) => config?.freeLaunch === true)
    .catch(() => false);
  return pending;
}

export function useFreeLaunch(): boolean {
  const [free, setFree] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchFreeLaunch().then((value) => live && setFree(value));
    return () => {
      live = false;
    };
  }, []);
  return free;
}
