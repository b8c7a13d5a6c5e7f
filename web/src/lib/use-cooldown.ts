import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds for "send again" controls (spec 4.8: 60 s, restarting after each
 * resend). It follows the clock rather than counting ticks, so a throttled background tab still
 * unlocks on time.
 */
export function useCooldown(initialSeconds = 0) {
  const [run, setRun] = useState({ seconds: initialSeconds, id: 0 });
  const [remaining, setRemaining] = useState(initialSeconds);

  useEffect(() => {
    if (run.seconds <= 0) return;
    const until = Date.now() + run.seconds * 1000;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [run]);

  const start = useCallback((seconds: number) => {
    setRun((previous) => ({ seconds, id: previous.id + 1 }));
    setRemaining(seconds);
  }, []);

  return { remaining, start };
}
