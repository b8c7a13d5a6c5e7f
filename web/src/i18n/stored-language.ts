import { useEffect } from 'react';
import { applyStoredLanguage } from '.';

/**
 * Switches a prerendered page to the visitor's language once it has hydrated. React hydrates
 * each Suspense boundary in a pass of its own, outer ones first, so this sits at the end of the
 * innermost one, after the page: its effect runs when the whole page is hydrated, and never
 * before, when a part still waiting to hydrate would read the other language and mismatch.
 */
export function StoredLanguage(): null {
  useEffect(applyStoredLanguage, []);
  return null;
}
