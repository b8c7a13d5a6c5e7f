import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toLanguage } from '../../../i18n/languages';
import { notify } from '../../../lib/toast';
import { submitReimbursement } from '../api/dispute';
import { submitErrorMessage } from '../submit-errors';

/**
 * "CHIEDI RIMBORSO" (spec 2.8, 5, 8): sends the dispute with its documents to the marketplace's
 * reply address (a demo shipment's is simulated by the server: nothing is mailed). Enabled only when the caller says every rule of spec 5 holds; while it runs it
 * stays disabled, so a double click sends once (and the server is idempotent anyway).
 */
export function SubmitButton({
  shipmentId,
  enabled,
  onSubmitted,
}: {
  shipmentId: string;
  enabled: boolean;
  onSubmitted?: () => void;
}) {
  const { t, i18n } = useTranslation('cases');
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    try {
      const result = await submitReimbursement(shipmentId, toLanguage(i18n.resolvedLanguage));
      const reference =
        result.action === 'created'
          ? t('submit.created', { id: result.case.id })
          : t('submit.reused', { id: result.case.id });
      notify.success(
        result.simulated
          ? {
              title: t('submit.simulated'),
              description: `${t('submit.simulatedText')} ${reference}`,
            }
          : { title: t('submit.sent'), description: reference },
      );
      onSubmitted?.();
    } catch (error) {
      notify.error({ title: t('submit.errorTitle'), description: submitErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void submit()} disabled={!enabled || busy} aria-busy={busy}>
      {busy ? t('panel.requesting') : t('panel.request')}
    </Button>
  );
}
