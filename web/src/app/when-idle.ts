/** What the visitor does first that a hydrated page must answer. */
export const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** The longest a prerendered page waits for the browser to be idle before hydrating anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `start` once, when the browser is first idle or the visitor first touches, clicks, types
 * or tabs, whichever comes first. A prerendered page is readable as it arrives: its hydration
 * waits here so it never competes with the first paint, and starts at once when the visitor
 * needs the page to answer (React then hydrates what the event targets first).
 */
export function whenIdleOrInteracted(start: () => void, target: Window = window): void {
  let started = false;
  let cancelIdle = () => {};
  const begin = () => {
    if (started) return;
    started = true;
    cancelIdle();
    for (const type of FIRST_INTERACTIONS) target.removeEventListener(type, begin, true);
    start();
  };
  for (const type of FIRST_INTERACTIONS) {
    target.addEventListener(type, begin, { capture: true, passive: true });
  }
  if (typeof target.requestIdleCallback === 'function') {
    const handle = target.requestIdleCallback(begin, { timeout: IDLE_TIMEOUT_MS });
    cancelIdle = () => target.cancelIdleCallback(handle);
  } else {
    // Safari has no idle callback: after the load event's work, in a task of its own.
    const handle = target.setTimeout(begin, 200);
    cancelIdle = () => target.clearTimeout(handle);
  }
}
