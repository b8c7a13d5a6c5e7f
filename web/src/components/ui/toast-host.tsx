import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastHostWanted, subscribeToToastHost } from '../../lib/toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** Mounts the toaster once a toast is first requested, keeping sonner out of the first load. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToastHost, isToastHostWanted, isToastHostWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
