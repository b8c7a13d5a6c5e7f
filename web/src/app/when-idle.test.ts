import { FIRST_INTERACTIONS, IDLE_TIMEOUT_MS, whenIdleOrInteracted } from './when-idle';

type IdleCallback = (deadline: IdleDeadline) => void;

/** A window whose idle callbacks run when the test says the browser is idle. */
function browserWindow() {
  const target = new EventTarget() as unknown as Window;
  const idle: { callback: IdleCallback; options?: IdleRequestOptions; cancelled: boolean }[] = [];
  Object.assign(target, {
    requestIdleCallback: (callback: IdleCallback, options?: IdleRequestOptions) =>
      idle.push({ callback, options, cancelled: false }) - 1,
    cancelIdleCallback: (handle: number) => {
      idle[handle]!.cancelled = true;
    },
  });
  const becomeIdle = () => {
    for (const entry of idle) {
      if (!entry.cancelled) entry.callback({ didTimeout: false, timeRemaining: () => 10 });
    }
  };
  return { target, idle, becomeIdle };
}

describe('hydrating a prerendered page when idle or on first interaction', () => {
  it('waits while the browser is busy and the visitor has not acted', () => {
    const { target } = browserWindow();
    const start = jest.fn();
    whenIdleOrInteracted(start, target);
    expect(start).not.toHaveBeenCalled();
  });

  it('starts once the browser is idle, with a deadline so a busy page still hydrates', () => {
    const { target, idle, becomeIdle } = browserWindow();
    const start = jest.fn();
    whenIdleOrInteracted(start, target);
    expect(idle[0]?.options).toEqual({ timeout: IDLE_TIMEOUT_MS });

    becomeIdle();
    expect(start).toHaveBeenCalledTimes(1);
    // A later click does not hydrate a second time.
    target.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(FIRST_INTERACTIONS)('starts at once on the first %s, and only once', (type) => {
    const { target, idle, becomeIdle } = browserWindow();
    const start = jest.fn();
    whenIdleOrInteracted(start, target);

    target.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
    expect(idle[0]?.cancelled).toBe(true);
    becomeIdle();
    target.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer where the browser has no idle callback (Safari)', () => {
    jest.useFakeTimers();
    try {
      const target = Object.assign(new EventTarget(), {
        setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
        clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
      }) as unknown as Window;
      const start = jest.fn();
      whenIdleOrInteracted(start, target);
      expect(start).not.toHaveBeenCalled();
      jest.runAllTimers();
      expect(start).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
