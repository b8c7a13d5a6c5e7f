import { useEffect } from 'react';

let serverTitle: ((title: string) => void) | undefined;

/**
 * While the build writes a page to HTML (no effects run there), `record` receives the title
 * the page asks for, so the file's <title> is the page's own. Returns a function that stops.
 */
export function recordDocumentTitle(record: (title: string) => void): () => void {
  serverTitle = record;
  return () => {
    serverTitle = undefined;
  };
}

/**
 * Sets the tab title for the current screen. index.html already holds a <title>, and React
 * would add a second one rather than replace it, so the document property is set instead.
 */
export function useDocumentTitle(title: string): void {
  serverTitle?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
