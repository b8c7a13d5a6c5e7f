import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page starts at the top, or at its `#anchor`; Back and Forward keep the browser's own
 * scroll restoration.
 */
export function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // POP: a first load, Back or Forward, where the browser restores the position itself.
    if (navigationType === 'POP') return;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}
