import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toLanguage } from '../../../i18n/languages';
import { notify } from '../../../lib/toast';
import { submitReimbursement } from '../api/dispute';
import { submitErrorMessage } from '../submit-errors';

/**
 * The email way of filing (spec 2.8, 5, 8; issue 29): offered only when Amazon's reply address
 * for the marketplace is saved, and only after a confirmation naming that address. The server
 * sends the dispute with its documents there (a demo shipment's send is simulated: nothing is
 * mailed). While it runs it stays disabled, so a double click sends once (the server is
 * idempotent anyway).
 */
export function SubmitButton({
  shipmentId,
  recipient,
  marketplace,
  enabled,
  onSubmitted,
}: {
  shipmentId: string;
  recipient: string;
  marketplace: string;
  enabled: boolean;
  onSubmitted?: () => void;
}) {
  const { t, i18n } = useTranslation('cases');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function submit() {
    setConfirming(false);
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
    <>
      <Button
        variant="secondary"
        onClick={() => setConfirming(true)}
        disabled={!enabled || busy}
        aria-busy={busy}
      >
        {busy ? t('panel.requesting') : t('filing.email')}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('filing.emailConfirmTitle')}
        description={t('filing.emailConfirmText', { email: recipient, marketplace })}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('docs.cancel')}
          </Button>
          <Button onClick={() => void submit()}>
            {t('filing.emailConfirm', { email: recipient })}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
