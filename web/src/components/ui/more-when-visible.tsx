import { useEffect, useRef } from 'react';

/**
 * An invisible marker at the end of a paged list: calls `onVisible` when it scrolls into view
 * (the next page), and waits while `busy` (a page being read).
 */
export function MoreWhenVisible({ onVisible, busy }: { onVisible: () => void; busy: boolean }) {
  const marker = useRef<HTMLSpanElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = marker.current;
    if (!element || busy || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [busy]);
  return <span ref={marker} aria-hidden="true" />;
}
