import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseUnitAmount, SKU_VALUE_CURRENCY } from '@domain/sync/sku-values';
import { CardPage } from '../../../components/layout/card-page';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { inputClass, fieldBorder } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormatters } from '../../../lib/use-formatters';
import {
  confirmUnitCost,
  correctUnitCost,
  useUnitCostPages,
  type UnitCostView,
} from '../api/costs';

const STATE_TONES = {
  proposed: 'amber',
  confirmed: 'brand',
  corrected: 'brand',
  entered: 'slate',
  missing: 'red',
} as const;

type InvoiceRef = NonNullable<UnitCostView['invoice']>;

/** "Fattura FT-77 del 12/10/2026, riga 1": the invoice line a cost comes from. */
function useInvoiceLabel() {
  const { t } = useTranslation('shipments');
  const format = useFormatters();
  return (invoice: InvoiceRef) =>
    t('costs.invoiceSource', {
      number: invoice.number ?? t('costs.noNumber'),
      date: format.date(invoice.date),
      line: invoice.line,
    });
}

function Amount({ amount, currency }: { amount: number; currency: string }) {
  const { t } = useTranslation('shipments');
  const format = useFormatters();
  return (
    <>
      <span className="font-semibold text-slate-900">{format.currency(amount, currency)}</span>
      {currency !== SKU_VALUE_CURRENCY ? (
        <span className="block text-xs text-slate-600">{t('costs.noRate', { currency })}</span>
      ) : null}
    </>
  );
}

/** A SKU Amazon reimbursed that the audit could not check: what it paid for, when. */
function ReimbursedNoCost({ row }: { row: UnitCostView }) {
  const { t } = useTranslation('shipments');
  const format = useFormatters();
  const paid = row.reimbursed!;
  return (
    <span className="mt-1 block text-sm font-normal" data-testid="cost-reimbursed-no-cost">
      <Badge tone="amber">{t('costs.reimbursedNoCost.label')}</Badge>
      <span className="mt-1 block text-xs text-slate-600">
        {t('costs.reimbursedNoCost.detail', {
          count: paid.reimbursements,
          units: paid.units,
          date: format.date(paid.latest_approval),
        })}
      </span>
    </span>
  );
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

function CorrectForm({ row, onDone }: { row: UnitCostView; onDone: () => void }) {
  const { t } = useTranslation('shipments');
  const id = useId();
  const currency = row.currency ?? SKU_VALUE_CURRENCY;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseUnitAmount(text);
    if (amount === undefined) {
      setError(t('costs.invalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await correctUnitCost(row.sku, amount, currency);
      notify.success({ title: t('costs.saved', { sku: row.sku }) });
      onDone();
    } catch (failure) {
      setError(errorText(failure, t('costs.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-start gap-2">
      <label htmlFor={id} className="sr-only">
        {t('costs.correctFor', { sku: row.sku, currency })}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={t('costs.placeholder', { currency })}
        className={`w-32 ${inputClass} ${fieldBorder(Boolean(error))} py-1 text-sm`}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {row.state === 'missing' ? t('costs.enter') : t('costs.correct')}
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function CostRowView({ row }: { row: UnitCostView }) {
  const { t } = useTranslation('shipments');
  const invoiceLabel = useInvoiceLabel();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [correcting, setCorrecting] = useState(row.state === 'missing');

  async function accept(invoice: InvoiceRef) {
    setBusy(true);
    setError(undefined);
    try {
      await confirmUnitCost(row.sku, invoice);
      notify.success({ title: t('costs.confirmed', { sku: row.sku }) });
    } catch (failure) {
      setError(errorText(failure, t('costs.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  const fromSeller = row.state === 'entered' || row.state === 'corrected';
  return (
    <tr className="align-top" data-sku={row.sku}>
      <th scope="row" className="py-3 pr-4 text-left font-medium text-slate-900">
        {row.sku}
        {row.title ? (
          <span className="block text-sm font-normal text-slate-600">{row.title}</span>
        ) : null}
        {row.reimbursed && row.state === 'missing' ? <ReimbursedNoCost row={row} /> : null}
      </th>
      <td className="py-3 pr-4">
        {row.amount !== null && row.currency ? (
          <Amount amount={row.amount} currency={row.currency} />
        ) : (
          <span className="text-slate-600">—</span>
        )}
      </td>
      <td className="py-3 pr-4 text-sm text-slate-700">
        {fromSeller ? t('costs.sourceSeller') : null}
        {row.state === 'corrected' && row.invoice ? (
          <span className="block text-xs text-slate-600">
            {t('costs.correctedFrom', { invoice: invoiceLabel(row.invoice) })}
          </span>
        ) : null}
        {!fromSeller && row.invoice ? invoiceLabel(row.invoice) : null}
        {row.state === 'missing' ? t('costs.sourceNone') : null}
      </td>
      <td className="py-3 pr-4">
        <Badge tone={STATE_TONES[row.state]}>{t(`costs.state.${row.state}`)}</Badge>
        {row.state === 'proposed' ? (
          <span className="mt-1 block text-xs text-slate-600">{t('costs.proposedNote')}</span>
        ) : null}
      </td>
      <td className="space-y-2 py-3">
        {row.state === 'proposed' && row.invoice ? (
          <Button size="sm" disabled={busy} onClick={() => void accept(row.invoice!)}>
            {t('costs.confirm')}
          </Button>
        ) : null}
        {row.state !== 'proposed' && row.proposal ? (
          <div className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
            <p>
              {t('costs.newerInvoice', { invoice: invoiceLabel(row.proposal.invoice) })}{' '}
              <Amount amount={row.proposal.amount} currency={row.proposal.currency} />
            </p>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => void accept(row.proposal!.invoice)}
            >
              {t('costs.acceptNew')}
            </Button>
          </div>
        ) : null}
        {correcting ? (
          <CorrectForm row={row} onDone={() => setCorrecting(row.state === 'missing')} />
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setCorrecting(true)}>
            {t('costs.correct')}
          </Button>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * The Costi screen (issue 31): each SKU with its unit cost, where it comes from (an invoice line,
 * or the seller) and its state; the seller confirms an invoice's cost or types their own.
 */
export function CostsPage() {
  const { t } = useTranslation('shipments');
  useDocumentTitle(t('costs.metaTitle'));
  const { data, error, isLoading, size, setSize } = useUnitCostPages();
  const rows = data?.flatMap((page) => page.costs) ?? [];
  const more = Boolean(data?.at(-1)?.next_cursor);
  const total = data?.[0]?.total ?? 0;

  return (
    <CardPage size="lg" title={t('costs.title')} intro={<p>{t('costs.intro')}</p>}>
      {error ? <Alert tone="error">{t('costs.loadFailed')}</Alert> : null}
      {isLoading && !data ? <p className="text-slate-700">{t('costs.loading')}</p> : null}
      {data && rows.length === 0 ? <p className="text-slate-700">{t('costs.empty')}</p> : null}
      {rows.length > 0 ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{t('costs.count', { count: total })}</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{t('costs.caption')}</caption>
              <thead className="text-sm text-slate-600">
                <tr>
                  <th scope="col" className="pr-4 font-medium">
                    {t('costs.sku')}
                  </th>
                  <th scope="col" className="pr-4 font-medium">
                    {t('costs.cost')}
                  </th>
                  <th scope="col" className="pr-4 font-medium">
                    {t('costs.source')}
                  </th>
                  <th scope="col" className="pr-4 font-medium">
                    {t('costs.stateLabel')}
                  </th>
                  <th scope="col" className="font-medium">
                    <span className="sr-only">{t('costs.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((row) => (
                  <CostRowView key={`${row.sku}:${row.state}:${row.amount}`} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          {more ? (
            <Button variant="secondary" onClick={() => void setSize(size + 1)}>
              {t('costs.more')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">{t('costs.limits')}</p>
    </CardPage>
  );
}
