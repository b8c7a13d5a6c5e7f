import { loadConfigJson } from './config-json';
import { useConfigValue } from './use-config-value';

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
  return useConfigValue(fetchFreeLaunch, false);
}
