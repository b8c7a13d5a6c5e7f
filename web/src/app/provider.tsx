import { StrictMode, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '../components/layout/loading-screen';
import { ToastHost } from '../components/ui/toast-host';
import { SessionProvider } from '../lib/auth/session-provider';

/**
 * App-wide providers. The Suspense boundary catches translation namespaces that load on
 * demand. Neither the session nor the toasts load their libraries here: both arrive on demand.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
        <ToastHost />
      </SessionProvider>
    </StrictMode>
  );
}
