import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned element when it mounts, if `enabled`. Used on each step of a
 * multi-step screen (form → "email sent"), so screen-reader and keyboard users start reading
 * the new step instead of being left on a button that vanished.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
