import { useEffect, useState } from 'react';

/**
 * A value read from /config.json once per page load, `initial` until it arrives. `load` is a
 * module-level memo (the config is fetched once), so every caller shares the one request.
 */
export function useConfigValue<T>(load: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let live = true;
    void load().then((loaded) => live && setValue(loaded));
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}
