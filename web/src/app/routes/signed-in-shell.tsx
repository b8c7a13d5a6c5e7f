import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { ConnectBanner } from '../../components/connection/connect-dialog';
import { useConnection } from '../../lib/connection';
import { RequireAuth } from '../../lib/auth/require-auth';
import { isRealMode, useProfile } from '../../lib/profile';
import { notify } from '../../lib/toast';
import { paths } from '../../lib/paths';

/**
 * Spec 2.4: every signed-in page carries the demo banner ("Passa al reale") or, in real mode,
 * the not-connected banner, both leading through the confirmation dialog. The wizard itself
 * does not repeat it.
 */
function ShellBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const { data: connection, isLoading: loading, error } = useConnection();
  // Spec 8: a connection that cannot be read is said once, not left as a silent "not connected".
  // SWR retries a failed read, each failure a new error: one toast until a read succeeds again.
  const told = useRef(false);
  useEffect(() => {
    if (!error) {
      told.current = false;
      return;
    }
    if (told.current) return;
    told.current = true;
    notify.error({ title: t('connection.toast.loadError'), error });
  }, [error, t]);
  if (!profile || loading || pathname === paths.connectAmazon) return null;
  return (
    <div className="mx-auto max-w-5xl px-4 pt-6 sm:px-6">
      <ConnectBanner demo={!isRealMode(profile)} connected={connection?.status === 'connected'} />
    </div>
  );
}

export function SignedInShell() {
  return (
    <RequireAuth>
      <ShellBanner />
      <Outlet />
    </RequireAuth>
  );
}
