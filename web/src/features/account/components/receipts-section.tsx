import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useFormatters } from '../../../lib/use-formatters';
import { downloadReceipt, useReceipts } from '../api/receipts';

/** The plan page's receipts: one per payment, numbered, downloadable as PDF; refunds said so. */
export function ReceiptsSection() {
  const { t } = useTranslation('account');
  const format = useFormatters();
  const { data, error } = useReceipts();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  async function download(number: string) {
    setFailed(false);
    setBusy(number);
    try {
      await downloadReceipt(number);
    } catch (problem) {
      console.error('Receipt download failed', problem);
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="receipts-title" className="space-y-3">
      <h2 id="receipts-title" className="text-lg font-semibold text-slate-900">
        {t('plan.receipts.title')}
      </h2>
      {error ? <Alert tone="error">{t('plan.receipts.loadFailed')}</Alert> : null}
      {failed ? <Alert tone="error">{t('plan.receipts.downloadFailed')}</Alert> : null}
      {data && data.receipts.length === 0 ? (
        <p className="text-slate-700">{t('plan.receipts.none')}</p>
      ) : null}
      {data && data.receipts.length > 0 ? (
        <ul className="divide-y divide-slate-200">
          {data.receipts.map((receipt) => (
            <li
              key={receipt.number}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="text-sm text-slate-800">
                <p className="font-medium">
                  {t('plan.receipts.number')} {receipt.number} ·{' '}
                  {receipt.status === 'refunded'
                    ? t('plan.receipts.refunded')
                    : t('plan.receipts.paid')}
                </p>
                <p>
                  {t('plan.receipts.date')}: {format.date(receipt.issued_at)} ·{' '}
                  {t('plan.receipts.amount')}:{' '}
                  {format.currency(Number(receipt.amount), receipt.currency)}
                </p>
                <p>
                  {t('plan.receipts.to')}: {receipt.billing?.name ?? t('plan.receipts.noBilling')}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={t('plan.receipts.downloadLabel', { number: receipt.number })}
                disabled={busy === receipt.number}
                onClick={() => void download(receipt.number)}
              >
                {t('plan.receipts.download')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
