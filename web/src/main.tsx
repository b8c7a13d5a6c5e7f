import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// i18n first: the first render must already be translated.
import './i18n';
import './styles.css';
import { AppProvider } from './app/provider';
import { prerenderedRoot } from './app/prerendered-root';
import { AppRouter, preloadRoute } from './app/router';
import { whenIdleOrInteracted } from './app/when-idle';

const app = (
  <AppProvider>
    <AppRouter />
  </AppProvider>
);

const prerendered = prerenderedRoot();
if (prerendered) {
  // The page's HTML is on screen already and reads without this script. Its code and strings
  // load now, so the whole page hydrates at once; hydration itself waits for the browser to be
  // idle (or the visitor to act), and runs as a transition, in slices that never block the main
  // thread for long.
  const ready = preloadRoute(window.location.pathname);
  whenIdleOrInteracted(() => {
    void ready.then(
      () => startTransition(() => void hydrateRoot(prerendered, app)),
      // Its code did not download: render it in the browser, which shows the route's error page.
      () => createRoot(prerendered).render(app),
    );
  });
} else {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(app);
}
