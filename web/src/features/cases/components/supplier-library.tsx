import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CoveredShipmentView,
  SupplierInvoiceView,
  SupplierView,
} from '@domain/cases/supplier-contract';
import { UNKNOWN_SUPPLIER } from '@domain/documents/supplier-library';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  attachInvoice,
  sendLineVerdict,
  useSupplierInvoices,
  useSuppliers,
} from '../api/suppliers';
import { serverMessage } from '../submit-errors';

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('cases');
  return (
    <Alert tone="error">
      {t('suppliers.loadError')}{' '}
      <Button variant="ghost" size="sm" onClick={onRetry}>
        {t('suppliers.retry')}
      </Button>
    </Alert>
  );
}

type LineToConfirm = CoveredShipmentView['to_confirm'][number];

/**
 * A line that only resembles a missing item: shown "to be confirmed" with its text, counted for
 * nothing until the seller says it is that item (or is not, and it is not proposed again).
 */
function LineToConfirmRow({
  invoice,
  line,
  onAnswered,
}: {
  invoice: SupplierInvoiceView;
  line: LineToConfirm;
  onAnswered: () => Promise<unknown>;
}) {
  const { t } = useTranslation('cases');
  const [sending, setSending] = useState(false);
  const item = line.title ? `${line.sku} (${line.title})` : line.sku;

  async function answer(verdict: 'confirmed' | 'rejected') {
    setSending(true);
    try {
      await sendLineVerdict({
        documentId: invoice.document_id,
        invoiceIndex: invoice.index,
        line: line.line,
        sku: line.sku,
        verdict,
      });
      notify.success({
        title: t(verdict === 'confirmed' ? 'suppliers.lineConfirmed' : 'suppliers.lineRejected', {
          sku: line.sku,
        }),
      });
      await onAnswered();
    } catch (error) {
      notify.error({
        title: t('suppliers.lineVerdictError'),
        description: serverMessage(error, t('suppliers.lineVerdictError')),
        error,
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-md bg-amber-50 p-2" data-testid="line-to-confirm">
      <p className="text-sm text-slate-800">
        <Badge tone="amber" className="mr-2">
          {t('suppliers.toConfirm')}
        </Badge>
        {line.quantity === null
          ? t('suppliers.toConfirmLineNoQuantity', { description: line.description, item })
          : t('suppliers.toConfirmLine', {
              description: line.description,
              quantity: line.quantity,
              item,
            })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={sending}
          onClick={() => void answer('confirmed')}
          aria-label={t('suppliers.confirmLineLabel', {
            description: line.description,
            sku: line.sku,
          })}
        >
          {t('suppliers.confirmLine')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={sending}
          onClick={() => void answer('rejected')}
          aria-label={t('suppliers.rejectLineLabel', {
            description: line.description,
            sku: line.sku,
          })}
        >
          {t('suppliers.rejectLine')}
        </Button>
      </div>
    </li>
  );
}

function CoveredShipment({
  invoice,
  shipment,
  onAttached,
}: {
  invoice: SupplierInvoiceView;
  shipment: CoveredShipmentView;
  /** The invoice page is read again (after an attach, or a verdict on a line). */
  onAttached: () => Promise<unknown>;
}) {
  const { t } = useTranslation('cases');
  const [attaching, setAttaching] = useState(false);
  const name = shipment.shipment_name || shipment.shipment_id;

  async function attach() {
    setAttaching(true);
    try {
      await attachInvoice(invoice.document_id, shipment.shipment_id);
      notify.success({
        title: t('suppliers.attachedToast'),
        description: t('suppliers.attachedToastText', { shipment: name }),
      });
      await onAttached();
    } catch (error) {
      notify.error({
        title: t('suppliers.attachError'),
        description: serverMessage(error, t('suppliers.attachError')),
        error,
      });
    } finally {
      setAttaching(false);
    }
  }

  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3"
      data-testid="covered-shipment"
    >
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          {name}{' '}
          <span className="text-sm font-normal text-slate-700">({shipment.shipment_id})</span>
        </p>
        <ul className="text-sm text-slate-700">
          {shipment.skus.map((sku) => (
            <li key={sku.sku}>{t('suppliers.sku', sku)}</li>
          ))}
        </ul>
        {shipment.evidence ? (
          <Badge tone={shipment.complete ? 'brand' : 'amber'} className="self-start">
            {shipment.complete ? t('suppliers.complete') : t('suppliers.partial')}
          </Badge>
        ) : null}
        {shipment.to_confirm.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label={t('suppliers.toConfirmHeading')}>
            {shipment.to_confirm.map((line) => (
              <LineToConfirmRow
                key={`${line.line}-${line.sku}`}
                invoice={invoice}
                line={line}
                onAnswered={onAttached}
              />
            ))}
          </ul>
        ) : null}
      </div>
      {shipment.document_id ? (
        <p className="text-sm font-semibold text-brand-900">{t('suppliers.attached')}</p>
      ) : !shipment.evidence ? (
        <p className="max-w-xs text-sm text-slate-700">{t('suppliers.attachAfterConfirm')}</p>
      ) : (
        <Button
          size="sm"
          onClick={() => void attach()}
          disabled={attaching}
          aria-label={t('suppliers.attachLabel', {
            invoice: invoice.number ?? invoice.filename,
            shipment: name,
          })}
        >
          {attaching ? t('suppliers.attaching') : t('suppliers.attach')}
        </Button>
      )}
    </li>
  );
}

function SupplierInvoices({ supplierId }: { supplierId: string }) {
  const { t } = useTranslation('cases');
  const format = useFormatters();
  const invoices = useSupplierInvoices(supplierId);
  if (invoices.error) return <LoadError onRetry={() => void invoices.mutate()} />;
  const list = invoices.pages.flatMap((page) => page.invoices);
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {list.map((invoice) => {
          const title = invoice.number
            ? t('suppliers.invoice', { number: invoice.number })
            : t('suppliers.invoiceNoNumber');
          return (
            <li
              key={`${invoice.document_id}-${invoice.index}`}
              className="flex flex-col gap-2"
              data-testid="supplier-invoice"
            >
              <h3 className="font-semibold">
                {title}
                {invoice.date
                  ? ` ${t('suppliers.invoiceDate', { date: format.date(invoice.date) })}`
                  : ''}
              </h3>
              <p className="text-sm text-slate-700">
                {t('suppliers.uploadedFor', {
                  shipment: invoice.shipment_id,
                  filename: invoice.filename,
                })}
              </p>
              <h4 className="text-sm font-semibold">{t('suppliers.coversHeading')}</h4>
              {invoice.shipments.length === 0 ? (
                <p className="text-sm text-slate-700">{t('suppliers.coversNone')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {invoice.shipments.map((shipment) => (
                    <CoveredShipment
                      key={shipment.shipment_id}
                      invoice={invoice}
                      shipment={shipment}
                      onAttached={() => invoices.mutate()}
                    />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {invoices.loadingMore ? <p role="status">{t('suppliers.invoicesLoading')}</p> : null}
      {invoices.hasMore && !invoices.loadingMore ? (
        <Button variant="secondary" size="sm" onClick={() => void invoices.loadMore()}>
          {t('suppliers.loadMoreInvoices')}
        </Button>
      ) : null}
    </div>
  );
}

function SupplierCard({ supplier }: { supplier: SupplierView }) {
  const { t } = useTranslation('cases');
  const [open, setOpen] = useState(false);
  const headingId = `supplier-${supplier.id}`;
  const panelId = `supplier-invoices-${supplier.id}`;
  const name =
    supplier.id === UNKNOWN_SUPPLIER ? t('suppliers.unknown') : (supplier.name ?? supplier.vat);
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="supplier"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {name}
          </h2>
          <p className="text-sm text-slate-700">
            {supplier.vat ? t('suppliers.vat', { vat: supplier.vat }) : t('suppliers.noVat')} ·{' '}
            {t('suppliers.invoiceCount', { count: supplier.invoice_count })}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('suppliers.hideInvoices') : t('suppliers.showInvoices')}
        </Button>
      </header>
      {open ? (
        <div id={panelId} className="mt-4">
          <SupplierInvoices supplierId={supplier.id} />
        </div>
      ) : null}
    </article>
  );
}

/**
 * Issue 17, the "Fornitori" tab: the suppliers found on the seller's invoices, a page at a
 * time; each opens on its invoices and the shipments they cover, with an attach button for the
 * cases that do not have the invoice yet.
 */
export function SupplierLibrary() {
  const { t } = useTranslation('cases');
  const suppliers = useSuppliers();
  const list = suppliers.pages.flatMap((page) => page.suppliers);
  let body;
  if (suppliers.error && list.length === 0) {
    body = <LoadError onRetry={() => void suppliers.mutate()} />;
  } else if (suppliers.pages.length === 0) {
    body = <p role="status">{t('suppliers.loading')}</p>;
  } else if (list.length === 0) {
    body = <p className="text-slate-700">{t('suppliers.empty')}</p>;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {list.map((supplier) => (
          <SupplierCard key={supplier.id} supplier={supplier} />
        ))}
        {suppliers.loadingMore ? <p role="status">{t('suppliers.loading')}</p> : null}
        {suppliers.hasMore && !suppliers.loadingMore ? (
          <Button variant="secondary" onClick={() => void suppliers.loadMore()}>
            {t('suppliers.loadMore')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-2xl text-slate-700">{t('suppliers.intro')}</p>
      {body}
    </div>
  );
}
