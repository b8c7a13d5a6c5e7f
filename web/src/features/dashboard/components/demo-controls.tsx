import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEMO_SYNC_DELAY_MS } from '@domain/demo-data';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { resetDemoData, syncDemoShipments } from '../api/dashboard';

/**
 * The signed-in demo (spec 4.8, 7.3): the demo sync, busy for about 1.5 s before the sample
 * shipments appear, and the demo reset.
 */
export function DemoControls({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('dashboard');
  const [busy, setBusy] = useState<'sync' | 'reset' | null>(null);

  async function sync() {
    setBusy('sync');
    try {
      await Promise.all([
        syncDemoShipments(),
        new Promise((resolve) => setTimeout(resolve, DEMO_SYNC_DELAY_MS)),
      ]);
      notify.success({ title: t('demo.synced') });
      onChanged();
    } catch {
      // Spec 8: demo sync errors give the generic error toast.
      notify.error({ title: t('demo.error') });
    } finally {
      setBusy(null);
    }
  }

  async function reset() {
    setBusy('reset');
    try {
      await resetDemoData();
      notify.success({ title: t('demo.resetDone') });
      onChanged();
    } catch {
      notify.error({ title: t('demo.error') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => void sync()} disabled={busy !== null} aria-busy={busy === 'sync'}>
        {busy === 'sync' ? t('demo.syncing') : t('demo.sync')}
      </Button>
      <Button variant="secondary" onClick={() => void reset()} disabled={busy !== null}>
        {t('demo.reset')}
      </Button>
    </div>
  );
}
