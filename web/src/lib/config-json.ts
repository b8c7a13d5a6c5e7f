/**
 * /config.json as the server sent it, fetched once per page load for everyone who reads it:
 * `config.ts` checks it with its schema, the landing's launch offer reads one flag without
 * downloading the validator. A failed load is not cached: the next caller tries again.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

let pending: Promise<unknown> | undefined;

async function fetchConfigJson(): Promise<unknown> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new ConfigError(`Could not load /config.json (HTTP ${response.status})`);
  }
  return response.json().catch(() => {
    throw new ConfigError('/config.json is not valid JSON');
  });
}

export function loadConfigJson(): Promise<unknown> {
  pending ??= fetchConfigJson().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
