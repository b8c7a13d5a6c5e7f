import { useEffect, useState } from 'react';
import { loadConfigJson } from './config-json';

let pending: Promise<boolean> | undefined;

/**
 * Whether the plan is free during launch (spec 4.7), from the runtime config. Read without the
 * config schema on purpose: the landing page asks too, and must not download the validator.
 */
function fetchFreeLaunch(): Promise<boolean> {
  pending ??= loadConfigJson()
    .then((config) => (config as { freeLaunch?: unknown } | null)?.freeLaunch === true)
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
