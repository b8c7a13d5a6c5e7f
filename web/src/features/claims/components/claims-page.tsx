import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLAIM_DUE_WITHIN, OPEN_CLAIMS_CAUTION } from '@domain/claims/contract';
import { CLAIM_KINDS, CLAIM_STATES } from '@domain/claims/model';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/text-field';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormatters } from '../../../lib/use-formatters';
import { downloadDocument } from '../../../lib/download';
import { serverMessage, setClaimFiled, useClaimPages, type ClaimView } from '../api/claims';
import { RemovalsToCount } from './removals-to-count';
import { UncheckedForCostNotice } from './unchecked-notice';

/** Copies a text and confirms it; a failure is only logged. */
async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success({ title: done });
  } catch (error) {
    console.warn('Copy failed', error);
  }
}

/** Each kind's evidence and window source, named for what it is. */
const EVIDENCE_KEYS = {
  supplier_invoice: 'detail.evidenceSupplierInvoice',
  sourcing_cost: 'detail.evidenceSourcingCost',
  order_ids: 'detail.evidenceOrderIds',
  returns_report_line: 'detail.evidenceReturnsReportLine',
  tracking_number: 'detail.evidenceTrackingNumber',
  seller_count: 'detail.evidenceSellerCount',
  photos: 'detail.evidencePhotos',
} as const satisfies Record<ClaimView['evidence'][number], string>;

const WINDOW_SOURCE_KEYS = {
  sellers_reports: 'detail.windowSourceSellers',
  amazon_europe_2025: 'detail.windowSourceAmazon',
  unconfirmed: 'detail.windowSourceUnconfirmed',
  amazon_inbound_2024: 'detail.windowSourceInbound',
} as const satisfies Record<ClaimView['window_source'], string>;

/** Where the cost comes from: the invoice we hold (to download), or the seller's own figure. */
function CostSource({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation('claims');
  const f = useFormatters();
  const invoice = claim.cost_invoice;
  if (claim.cost_source === 'invoice' && invoice) {
    const download = async () => {
      try {
        await downloadDocument(invoice.document_id);
      } catch (error) {
        notify.error({ title: serverMessage(error, t('detail.downloadError')), error });
      }
    };
    return (
      <>
        {t('detail.costSourceInvoice', {
          name: invoice.name,
          number: invoice.number ?? t('unknownAmount'),
          // Written as every date of the screen is (the Costi screen names the same invoice so).
          date: invoice.date ? f.date(invoice.date) : t('unknownAmount'),
        })}{' '}
        <Button size="sm" variant="secondary" onClick={() => void download()}>
          {t('detail.downloadInvoice')}
        </Button>
      </>
    );
  }
  if (claim.cost_source === 'sku_value') {
    return <>{t('detail.costSourceSkuValue', { sku: claim.sku ?? '' })}</>;
  }
  if (claim.cost_source === 'refund') return <>{t('detail.costSourceRefund')}</>;
  return <>{t('detail.noCost')}</>;
}

/** "Aperto con Amazon": the seller marks a claim to file now as opened, or takes it back. */
function Filing({ claim, onChange }: { claim: ClaimView; onChange: () => void }) {
  const { t } = useTranslation('claims');
  const f = useFormatters();
  const [busy, setBusy] = useState(false);
  const change = async (filed: boolean) => {
    setBusy(true);
    try {
      await setClaimFiled(claim.id, filed);
      onChange();
    } catch (error) {
      notify.error({ title: serverMessage(error, t('detail.filedError')), error });
    } finally {
      setBusy(false);
    }
  };
  if (claim.state === 'filed') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p data-testid="claim-filed">
          {claim.filed_at
            ? t('detail.filedOn', { date: f.date(claim.filed_at) })
            : t('state.filed')}
        </p>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void change(false)}>
          {t('detail.unmarkFiled')}
        </Button>
      </div>
    );
  }
  if (claim.state !== 'claim_now') return null;
  return (
    <div className="space-y-1">
      <Button size="sm" disabled={busy} onClick={() => void change(true)}>
        {t('detail.markFiled')}
      </Button>
      <p className="text-slate-600">{t('detail.markFiledHint')}</p>
    </div>
  );
}

export function ClaimDetail({ claim, onChange }: { claim: ClaimView; onChange: () => void }) {
  const { t } = useTranslation('claims');
  const f = useFormatters();
  const money = (amount: number | null) =>
    amount === null || !claim.currency ? t('unknownAmount') : f.currency(amount, claim.currency);
  const text = claim.text ? (f.language === 'en' ? claim.text.en : claim.text.it) : null;
  const other = claim.text ? (f.language === 'en' ? claim.text.it : claim.text.en) : null;
  return (
    <div className="space-y-3 rounded-md bg-slate-50 p-4 text-sm" data-testid="claim-detail">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <dt className="font-medium">{t('detail.units')}</dt>
        <dd>{f.number(claim.units)}</dd>
        <dt className="font-medium">{t('detail.paid')}</dt>
        <dd data-testid="claim-paid">{money(claim.amount_paid)}</dd>
        <dt className="font-medium">{t('detail.proven')}</dt>
        <dd data-testid="claim-proven">{money(claim.amount_expected)}</dd>
        <dt className="font-medium">{t('detail.costSource')}</dt>
        <dd data-testid="claim-cost-source">
          <CostSource claim={claim} />
        </dd>
        <dt className="font-medium">{t('detail.difference')}</dt>
        <dd data-testid="claim-difference">{money(claim.difference)}</dd>
        <dt className="font-medium">{t('detail.window')}</dt>
        <dd>
          {t('detail.windowRange', {
            opens: f.date(claim.window_opens),
            closes: f.date(claim.window_closes),
          })}{' '}
          ({t(WINDOW_SOURCE_KEYS[claim.window_source])})
        </dd>
        <dt className="font-medium">{t('detail.evidence')}</dt>
        <dd>{claim.evidence.map((e) => t(EVIDENCE_KEYS[e])).join(', ')}</dd>
      </dl>
      {claim.state === 'wait' && <p>{t('detail.waitNote')}</p>}
      {claim.cost_source === 'sku_value' && claim.kind === 'underpaid_reimbursement' && (
        <p>{t('detail.invoiceMissing')}</p>
      )}
      <Filing claim={claim} onChange={onChange} />
      {claim.paid_so_far && claim.paid_orders.length > 0 && (
        <p data-testid="claim-partial">
          {t('detail.partial', {
            count: claim.paid_orders.length,
            orders: claim.paid_orders.join(', '),
            amount: f.currency(claim.paid_so_far.amount, claim.paid_so_far.currency),
          })}
        </p>
      )}
      {claim.outcome && (
        <p data-testid="claim-outcome">
          {t('detail.outcome', {
            amount: f.currency(claim.outcome.amount, claim.outcome.currency),
            date: f.date(claim.outcome.at),
            ids: claim.outcome.reimbursement_ids.join(', '),
          })}
        </p>
      )}
      <h3 className="font-semibold">{t('detail.textTitle')}</h3>
      {text && other ? (
        <>
          <p className="whitespace-pre-wrap rounded border border-slate-200 bg-white p-3">{text}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy(text, t('detail.copied'))}>
              {t('detail.copy')}
            </Button>
            {f.language === 'it' && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void copy(other, t('detail.copied'))}
              >
                {t('detail.copyEn')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <p>{t('detail.noText')}</p>
      )}
    </div>
  );
}

/**
 * The claims the audit found (issue 31): kind, state, amount and deadline, soonest deadline
 * first, filtered by kind and state; a claim opens to what Amazon paid, what the cost proves,
 * the difference, the window with its source, and the text to send.
 */
/** An inbound shipment's claim, as the cases feature's action needs it (the route joins them). */
export interface ClaimShipment {
  shipment_id: string;
  discrepancy: number;
  marketplace_id?: string;
  demo: boolean;
  claim: { state: 'open' | 'last_chance' | 'expired' };
}

/** The window's state of an inbound claim as the case action reads it. */
function shipmentOf(claim: ClaimView, today: string): ClaimShipment {
  const pastTarget = claim.window_closes < today;
  return {
    shipment_id: claim.reference,
    discrepancy: claim.units,
    ...(claim.marketplace ? { marketplace_id: claim.marketplace } : {}),
    demo: claim.demo,
    claim: {
      state:
        claim.state === 'expired'
          ? 'expired'
          : pastTarget && claim.window_last_chance
            ? 'last_chance'
            : 'open',
    },
  };
}

export function ClaimsPage({
  renderCaseAction,
}: {
  /** An inbound shipment's case action (badge, button and sheet), from the cases feature. */
  renderCaseAction?: (shipment: ClaimShipment) => ReactNode;
} = {}) {
  const { t } = useTranslation('claims');
  useDocumentTitle(t('metaTitle'));
  const f = useFormatters();
  const id = useId();
  const [kind, setKind] = useState('');
  const [state, setState] = useState('');
  const [due, setDue] = useState('');
  const today = new Date().toISOString().slice(0, 10);
  const [open, setOpen] = useState<string | null>(null);
  const list = useClaimPages({ kind, state, due });
  const claims = list.pages.flatMap((page) => page.claims);
  const filtered = kind !== '' || state !== '' || due !== '';
  const openWithAmazon = list.pages[0]?.open_with_amazon ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
        {t('title')}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('intro')}</p>
      <UncheckedForCostNotice count={list.pages[0]?.unchecked_for_cost} />
      {openWithAmazon !== null && (
        <div className="mt-4 max-w-3xl space-y-2">
          <p data-testid="claims-open-count">{t('openWithAmazon', { count: openWithAmazon })}</p>
          {openWithAmazon >= OPEN_CLAIMS_CAUTION && (
            <Alert tone="info" title={t('tooManyOpenTitle')}>
              {t('tooManyOpen', { count: openWithAmazon })}
            </Alert>
          )}
        </div>
      )}
      <RemovalsToCount />
      <div className="mt-6 flex flex-wrap gap-4">
        <label className="flex flex-col text-sm font-medium">
          {t('filters.kind')}
          <select className={inputClass} value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">{t('filters.all')}</option>
            {CLAIM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium">
          {t('filters.state')}
          <select className={inputClass} value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">{t('filters.all')}</option>
            {CLAIM_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium">
          {t('filters.due')}
          <select className={inputClass} value={due} onChange={(e) => setDue(e.target.value)}>
            <option value="">{t('filters.all')}</option>
            {CLAIM_DUE_WITHIN.map((days) => (
              <option key={days} value={days}>
                {t('filters.dueWithin', { count: Number(days) })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.error ? (
        <div className="mt-6">
          <Alert tone="error" title={t('loadError')}>
            <Button size="sm" onClick={() => void list.mutate()}>
              {t('retry')}
            </Button>
          </Alert>
        </div>
      ) : !list.isLoading && claims.length === 0 ? (
        <p className="mt-6">{filtered ? t('emptyFiltered') : t('empty')}</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4">
                {t('columns.kind')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('columns.subject')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('columns.state')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('columns.amount')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('columns.deadline')}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t('open')}</span>
              </th>
            </tr>
          </thead>
          {claims.map((claim) => (
            <tbody key={claim.id} data-testid="claim-row">
              <tr className="border-b border-slate-100">
                <td className="py-2 pr-4">{t(`kind.${claim.kind}`)}</td>
                <td className="py-2 pr-4">
                  {claim.reference}
                  {claim.sku ? ` · ${claim.sku}` : ''}
                </td>
                <td className="py-2 pr-4" data-testid="claim-state">
                  {t(`state.${claim.state}`)}
                </td>
                <td className="py-2 pr-4">
                  {claim.difference === null || !claim.currency
                    ? t('unknownAmount')
                    : f.currency(claim.difference, claim.currency)}
                </td>
                <td className="py-2 pr-4">
                  {f.date(claim.window_closes)}
                  {claim.window_estimated ? ` (${t('unknownAmount')})` : ''}
                </td>
                <td className="py-2">
                  {claim.case_path ? (
                    // An inbound shipment is sent and followed from its case sheet.
                    renderCaseAction?.(shipmentOf(claim, today))
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={open === claim.id}
                      aria-controls={`${id}-${claim.id}`}
                      onClick={() => setOpen(open === claim.id ? null : claim.id)}
                    >
                      {t('open')}
                    </Button>
                  )}
                </td>
              </tr>
              {open === claim.id && (
                <tr>
                  <td colSpan={6} id={`${id}-${claim.id}`} className="py-2">
                    <ClaimDetail claim={claim} onChange={() => void list.mutate()} />
                  </td>
                </tr>
              )}
            </tbody>
          ))}
        </table>
      )}
      {list.hasMore && (
        <Button
          className="mt-4"
          variant="secondary"
          disabled={list.loadingMore}
          onClick={() => void list.loadMore()}
        >
          {t('more')}
        </Button>
      )}
    </section>
  );
}
