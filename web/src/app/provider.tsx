import { StrictMode, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '../components/layout/loading-screen';

/**
 * App-wide providers. The Suspense boundary catches translation namespaces that load on
 * demand; data fetching, session and toast providers join here as those features arrive.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </StrictMode>
  );
}
