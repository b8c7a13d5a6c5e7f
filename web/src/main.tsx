import { createRoot } from 'react-dom/client';
// i18n first: the first render must already be translated.
import './i18n';
import './styles.css';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <AppProvider>
    <AppRouter />
  </AppProvider>,
);
