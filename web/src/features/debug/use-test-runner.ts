import { useCallback, useState } from 'react';
import { StepFailed, type StepRecord } from './api/qa';

/** Spec 4.9: a debug test is idle, running, pass or fail. */
export type TestStatus = 'idle' | 'running' | 'pass' | 'fail';

export type TestState = {
  status: TestStatus;
  durationMs: number | null;
  /** What the calls answered, in order, plus the reason of a failure. */
  body: unknown;
};

export const IDLE: TestState = { status: 'idle', durationMs: null, body: null };

/**
 * Runs one test: RUNNING while it runs, then PASS or FAIL with its duration and the bodies of
 * the calls it made. A test throws (StepFailed) to fail; whatever it returns is shown on PASS.
 */
export function useTestRunner<K extends string>(names: readonly K[]) {
  const [states, setStates] = useState<Record<K, TestState>>(
    () => Object.fromEntries(names.map((n) => [n, IDLE])) as Record<K, TestState>,
  );

  const run = useCallback(
    async (name: K, test: (records: StepRecord[]) => Promise<unknown>): Promise<boolean> => {
      const started = performance.now();
      const records: StepRecord[] = [];
      setStates((s) => ({ ...s, [name]: { status: 'running', durationMs: null, body: null } }));
      try {
        const result = await test(records);
        setStates((s) => ({
          ...s,
          [name]: {
            status: 'pass',
            durationMs: Math.round(performance.now() - started),
            body: { result, calls: records },
          },
        }));
        return true;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        setStates((s) => ({
          ...s,
          [name]: {
            status: 'fail',
            durationMs: Math.round(performance.now() - started),
            body: {
              error: reason,
              calls:
                error instanceof StepFailed && error.record ? [...records, error.record] : records,
            },
          },
        }));
        return false;
      }
    },
    [],
  );

  return { states, run };
}

/** Runs `work` and measures it; never throws. */
export async function timed<T>(
  work: () => Promise<T>,
): Promise<
  { ok: true; result: T; durationMs: number } | { ok: false; error: unknown; durationMs: number }
> {
  const started = performance.now();
  try {
    const result = await work();
    return { ok: true, result, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error, durationMs: Math.round(performance.now() - started) };
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
