import path from 'node:path';

/**
 * Loads handler modules the way Lambda does: once per module (later calls share the first
 * import), resolved from the repository root, taking the module's `handler` export. Used by the
 * local gateway, the queue consumers and the function schedules.
 */
export function handlerLoader<H extends (...args: never[]) => unknown>(root: string) {
  const loaded = new Map<string, Promise<H>>();
  return (entry: string): Promise<H> => {
    let handler = loaded.get(entry);
    if (!handler) {
      handler = import(path.resolve(root, entry)).then(
        (mod: { handler?: H; default?: { handler?: H } }) => {
          const fn = mod.handler ?? mod.default?.handler;
          if (typeof fn !== 'function') throw new Error(`${entry} exports no handler`);
          return fn;
        },
      );
      loaded.set(entry, handler);
    }
    return handler;
  };
}
