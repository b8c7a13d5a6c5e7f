import { LandingPage } from '../../features/landing/components/landing-page';

// Eager, unlike the other routes: the landing page is the first paint for most visitors.
export function LandingRoute() {
  return <LandingPage />;
}
