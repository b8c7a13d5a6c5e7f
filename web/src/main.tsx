import { createRoot, hydrateRoot } from 'react-dom/client';
// i18n first: the first render must already be translated.
import './i18n';
import './styles.css';
import { AppProvider } from './app/provider';
import { prerenderedRoot } from './app/prerendered-root';
import { AppRouter, preloadRoute } from './app/router';

const app = (
  <AppProvider>
    <AppRouter />
  </AppProvider>
);

const prerendered = prerenderedRoot();
if (prerendered) {
  // The page's HTML is on screen already; its code and strings load before hydration so the
  // whole page hydrates at once.
  void preloadRoute(window.location.pathname).then(
    () => hydrateRoot(prerendered, app),
    // Its code did not download: render it in the browser, which shows the route's error page.
    () => createRoot(prerendered).render(app),
  );
} else {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(app);
}
