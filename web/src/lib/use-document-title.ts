import { useEffect } from 'react';

/**
 * Sets the tab title for the current screen. index.html already holds a <title>, and React
 * would add a second one rather than replace it, so the document property is set instead.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
