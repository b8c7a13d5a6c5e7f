import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseUnitAmount, shipmentEstimate } from '@domain/sync/sku-values';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { MoreWhenVisible } from '../../../components/ui/more-when-visible';
import { inputClass, fieldBorder } from '../../../components/ui/text-field';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import {
  refreshShipments,
  saveSkuValue,
  useShipmentPages,
  type ShipmentEntry,
  type ShipmentItem,
  type WindowFilter,
} from '../api/shipments';

const WINDOW_FILTERS: readonly WindowFilter[] = [
  'claimable',
  'open',
  'closing',
  'last_chance',
  'expired',
];

export type ShipmentsListProps = {
  /** Controls shown beside the title: the "Sync now" button of spec 2.7. */
  toolbar?: ReactNode;
  /**
   * The action button of spec 4.3 for one shipment. The cases feature provides it and the app
   * layer passes it in; without it the slot stays empty.
   */
  renderCaseAction?: (shipment: ShipmentEntry) => ReactNode;
  /** Called after the seller saved a unit value, so the estimated value can be read again. */
  onValuesChanged?: () => void;
};

/**
 * Spec 2.7: the shipments with discrepancies, newest closing first, as collapsible rows, with
 * the SKU table (cards under 768 px), the claim deadline and the unit value the seller enters
 * per SKU. The list comes in pages (issue 18): the next one is read when the end of the list
 * scrolls into view, or with "Show more shipments".
 */
export function ShipmentsList({ toolbar, renderCaseAction, onValuesChanged }: ShipmentsListProps) {
  const { t } = useTranslation('shipments');
  const [deadlineSoon, setDeadlineSoon] = useState(false);
  const [windowFilter, setWindowFilter] = useState<WindowFilter | ''>('');
  const [sort, setSort] = useState<'newest' | 'deadline'>('newest');
  const windowId = useId();
  const sortId = useId();
  const {
    pages,
    error,
    isValidating: loading,
    loadingMore,
    hasMore,
    loadMore,
  } = useShipmentPages({ deadlineSoon, window: windowFilter || undefined, sort });
  const first = pages[0];
  const shipments = pages.flatMap((page) => page.shipments);
  const real = first?.mode === 'real';

  function valuesChanged() {
    void refreshShipments();
    onValuesChanged?.();
  }

  return (
    <section
      aria-labelledby="shipments-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="shipments-title" className="text-xl font-semibold text-slate-900">
            {t('title')}
          </h2>
          {real ? (
            <Badge tone="brand">
              <span data-testid="real-data-badge">{t('realData')}</span>
            </Badge>
          ) : null}
        </div>
        {toolbar}
      </div>
      <p className="mt-2 text-sm text-slate-700">{t('info')}</p>
      <label className="mt-3 flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={deadlineSoon}
          onChange={(event) => setDeadlineSoon(event.target.checked)}
        />
        {t('deadlineSoon')}
      </label>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-slate-800">
        <label htmlFor={windowId} className="flex items-center gap-2">
          {t('window.filter')}
          <select
            id={windowId}
            value={windowFilter}
            onChange={(event) => setWindowFilter(event.target.value as WindowFilter | '')}
            className={`${inputClass} ${fieldBorder(false)} w-auto`}
          >
            <option value="">{t('window.all')}</option>
            {WINDOW_FILTERS.map((value) => (
              <option key={value} value={value}>
                {value === 'claimable'
                  ? t('window.claimable')
                  : value === 'closing'
                    ? t('window.closing', { count: 14 })
                    : t(`window.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={sortId} className="flex items-center gap-2">
          {t('window.sort')}
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as 'newest' | 'deadline')}
            className={`${inputClass} ${fieldBorder(false)} w-auto`}
          >
            <option value="newest">{t('window.newest')}</option>
            <option value="deadline">{t('window.deadline')}</option>
          </select>
        </label>
      </div>

      <div className="mt-4" aria-live="polite" aria-busy={loading}>
        {error ? (
          <Alert tone="error">{t('loadError')}</Alert>
        ) : !first ? (
          <p className="text-slate-700">{t('loading')}</p>
        ) : shipments.length === 0 ? (
          <p className="text-slate-700">
            {deadlineSoon
              ? t('emptyFiltered')
              : windowFilter || sort === 'deadline'
                ? t('window.empty')
                : real
                  ? t('emptyReal')
                  : t('emptyDemo')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {shipments.map((shipment) => (
              <li key={shipment.shipment_id}>
                <ShipmentRow
                  shipment={shipment}
                  action={renderCaseAction?.(shipment)}
                  onValuesChanged={valuesChanged}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {first && shipments.length > 0 ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700" data-testid="shipments-shown">
            {t('shown', { count: shipments.length })}
          </p>
          {hasMore ? (
            <>
              <MoreWhenVisible onVisible={() => void loadMore()} busy={loadingMore} />
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={loadingMore}
                onClick={() => void loadMore()}
              >
                {loadingMore ? t('loadingMore') : t('loadMore')}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The state of the claim window, shown first: open, closing in N days, last chance (past the
 * 60 days of Amazon's announcement, within the 6 months of its EU help page), expired; with the
 * date the window counts from, said for what it is.
 */
function WindowState({ claim }: { claim: ShipmentEntry['claim'] }) {
  const { t } = useTranslation('shipments');
  const { date } = useFormatters();
  if (claim.state === 'unknown') return null;
  const tone = claim.state === 'open' ? 'brand' : 'amber';
  const label =
    claim.state === 'closing'
      ? t('window.closing', { count: claim.days_left ?? 0 })
      : t(`window.${claim.state}`);
  const from = claim.counted_from ? date(claim.counted_from) : '';
  const basis =
    claim.basis === 'ledger_receipt'
      ? t('window.fromLedger', { date: from })
      : claim.basis === 'closed'
        ? t('window.fromClosed', { date: from })
        : t('window.fromFirstSeen', { date: from });
  return (
    <span className="flex flex-col gap-1" data-testid="window-state" data-state={claim.state}>
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={tone}>
          {/* Past every deadline: what the dashboard leaves out of the claimable units. */}
          <span data-testid={claim.state === 'expired' ? 'claim-expired' : undefined}>{label}</span>
        </Badge>
        <span className="text-xs text-slate-700" data-testid="window-basis">
          {basis}
        </span>
      </span>
      {claim.last_chance && claim.state !== 'expired' ? (
        <span className="text-xs text-slate-700" data-testid="window-last-chance">
          {t(claim.state === 'last_chance' ? 'window.lastChanceUntil' : 'window.thenLastChance', {
            date: date(claim.last_chance),
          })}
        </span>
      ) : null}
      {claim.state === 'last_chance' || claim.state === 'expired' ? (
        <span className="text-xs text-slate-700">
          {t(claim.state === 'last_chance' ? 'window.lastChanceHint' : 'window.expiredHint')}
        </span>
      ) : null}
    </span>
  );
}

/** The shipment's dates we hold, each said for what it is; never a closing date we lack. */
function HeldDates({ shipment }: { shipment: ShipmentEntry }) {
  const { t } = useTranslation('shipments');
  const { date } = useFormatters();
  const text = shipment.closed_at
    ? t('row.closed', { date: date(shipment.closed_at) })
    : shipment.dates.ledger_received_at
      ? t('row.ledgerReceipt', { date: date(shipment.dates.ledger_received_at) })
      : shipment.dates.closed_by
        ? t('row.closedBy', { date: date(shipment.dates.closed_by) })
        : t('row.noClosingDate');
  return <span data-testid="shipment-dates">{text}</span>;
}

function ClaimMarker({ claim }: { claim: ShipmentEntry['claim'] }) {
  const { t } = useTranslation('shipments');
  const { date } = useFormatters();
  // Past the deadline the window's state (last chance, expired) says it all.
  if (claim.days_left === null || claim.deadline === null || claim.expired) return null;
  return (
    <span className="text-sm text-slate-700" data-testid="claim-days-left">
      {claim.estimated
        ? t('claim.daysLeftEstimated', { count: claim.days_left, date: date(claim.deadline) })
        : t('claim.daysLeft', { count: claim.days_left, date: date(claim.deadline) })}
    </span>
  );
}

/**
 * What the shipment's missing units are worth at the seller's own unit values; units without a
 * value are said to be unknown ("da confermare"), never guessed.
 */
function EstimatedValue({ items }: { items: ShipmentItem[] }) {
  const { t } = useTranslation('shipments');
  const { currency } = useFormatters();
  const estimate = shipmentEstimate(items);
  if (estimate.unitsValued === 0 && estimate.unitsUnvalued === 0) return null;
  const hint =
    estimate.unitsUnvalued > 0 ? t('value.unvalued', { count: estimate.unitsUnvalued }) : undefined;
  return (
    <div>
      <dt className="text-slate-600">
        <abbr title={t('value.long')}>{t('value.short')}</abbr>
      </dt>
      <dd className="font-semibold text-slate-900" data-testid="estimated-value" title={hint}>
        {estimate.amount === null
          ? t('value.unknown')
          : estimate.unitsUnvalued > 0
            ? t('value.atLeast', { amount: currency(estimate.amount, 'EUR') })
            : currency(estimate.amount, 'EUR')}
      </dd>
      {hint ? (
        <dd className="max-w-40 text-xs text-slate-700" data-testid="estimated-value-hint">
          {hint}
        </dd>
      ) : null}
    </div>
  );
}

function ShipmentRow({
  shipment,
  action,
  onValuesChanged,
}: {
  shipment: ShipmentEntry;
  action: ReactNode;
  onValuesChanged: () => void;
}) {
  const { t } = useTranslation('shipments');
  const { number } = useFormatters();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = shipment.shipment_name || shipment.shipment_id;

  return (
    <article
      aria-label={t('row.label', { name })}
      data-testid="shipment-row"
      data-shipment-id={shipment.shipment_id}
      className={`rounded-xl border p-4 ${shipment.claim.expired ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-slate-900">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((value) => !value)}
              className="text-left underline-offset-2 hover:underline"
            >
              <span aria-hidden="true">{open ? '▾' : '▸'} </span>
              {name}
            </button>
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {t('row.id', { id: shipment.shipment_id })}
            {' · '}
            {t('row.reference', { reference: shipment.reference_id ?? t('notAvailable') })}
            {' · '}
            {t('row.fc', { fc: shipment.fc_code ?? t('notAvailable') })}
            {' · '}
            <HeldDates shipment={shipment} />
          </p>
          <div className="mt-2">
            <WindowState claim={shipment.claim} />
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge>{t(`status.${shipment.status === 'CLOSED' ? 'CLOSED' : 'other'}`)}</Badge>
            {/* The case action slot shows its own status badge; without it, show ours. */}
            {shipment.case && !action ? (
              <Badge tone="brand">
                {t('row.case', { status: t(`caseStatus.${shipment.case.status}`) })}
              </Badge>
            ) : null}
            {shipment.demo ? <Badge tone="amber">{t('row.demo')}</Badge> : null}
            <ClaimMarker claim={shipment.claim} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <dl className="flex gap-4 text-center text-sm">
            <div>
              <dt className="text-slate-600">
                <abbr title={t('counts.expectedLong')}>{t('counts.expected')}</abbr>
              </dt>
              <dd className="font-semibold text-slate-900" data-testid="units-expected">
                {number(shipment.units_expected)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">
                <abbr title={t('counts.foundLong')}>{t('counts.found')}</abbr>
              </dt>
              <dd className="font-semibold text-slate-900" data-testid="units-found">
                {number(shipment.units_found)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">
                <abbr title={t('counts.discrepancyLong')}>{t('counts.discrepancy')}</abbr>
              </dt>
              <dd className="font-semibold text-red-800" data-testid="units-discrepancy">
                {number(shipment.discrepancy)}
              </dd>
            </div>
            <EstimatedValue items={shipment.items} />
          </dl>
          {action ? <div>{action}</div> : null}
        </div>
      </div>
      <div id={panelId} hidden={!open} className="mt-4">
        {open ? <SkuTable items={shipment.items} onValuesChanged={onValuesChanged} /> : null}
      </div>
    </article>
  );
}

function SkuTable({
  items,
  onValuesChanged,
}: {
  items: ShipmentItem[];
  onValuesChanged: () => void;
}) {
  const { t } = useTranslation('shipments');
  const { number } = useFormatters();
  if (items.length === 0) return <p className="text-sm text-slate-700">{t('sku.none')}</p>;
  const dash = t('notAvailable');
  return (
    <>
      {/* From 768 px: a table. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm text-slate-800">
          <caption className="sr-only">{t('sku.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">
                {t('sku.sku')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('sku.asin')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('sku.title')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t('sku.expected')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t('sku.found')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t('sku.discrepancy')}
              </th>
              <th scope="col" className="py-2">
                {t('sku.unitValue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.sku} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-medium break-all">
                  {item.sku}
                </th>
                <td className="py-2 pr-3">{item.asin ?? dash}</td>
                <td className="py-2 pr-3">{item.title ?? dash}</td>
                <td className="py-2 pr-3 text-right">{number(item.units_expected)}</td>
                <td className="py-2 pr-3 text-right">{number(item.units_found)}</td>
                <td className="py-2 pr-3 text-right font-semibold text-red-800">
                  {number(item.discrepancy)}
                </td>
                <td className="py-2">
                  <UnitValueForm item={item} onSaved={onValuesChanged} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Under 768 px: one card per SKU. */}
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('sku.caption')}>
        {items.map((item) => (
          <li key={item.sku} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-semibold break-all text-slate-900">{item.sku}</p>
            <p className="text-slate-700">{item.title ?? dash}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
              <dt className="text-slate-600">{t('sku.asin')}</dt>
              <dd>{item.asin ?? dash}</dd>
              <dt className="text-slate-600">{t('sku.expected')}</dt>
              <dd>{number(item.units_expected)}</dd>
              <dt className="text-slate-600">{t('sku.found')}</dt>
              <dd>{number(item.units_found)}</dd>
              <dt className="text-slate-600">{t('sku.discrepancy')}</dt>
              <dd className="font-semibold text-red-800">{number(item.discrepancy)}</dd>
            </dl>
            <div className="mt-2">
              <UnitValueForm item={item} onSaved={onValuesChanged} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function UnitValueForm({ item, onSaved }: { item: ShipmentItem; onSaved: () => void }) {
  const { t } = useTranslation('shipments');
  const { number } = useFormatters();
  const id = useId();
  const initial =
    item.unit_value === null
      ? ''
      : number(item.unit_value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(
          /\s/g,
          '',
        );
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseUnitAmount(text);
    if (amount === undefined) {
      setError(t('sku.valueInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await saveSkuValue(item.sku, amount);
      notify.success({ title: t('sku.valueSaved', { sku: item.sku }) });
      onSaved();
    } catch {
      notify.error({ title: t('sku.valueError') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-start gap-2">
      <label htmlFor={id} className="sr-only">
        {t('sku.unitValueFor', { sku: item.sku })}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder={t('sku.unitValuePlaceholder')}
        className={`w-28 ${inputClass} ${fieldBorder(Boolean(error))} py-1 text-sm`}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {t('sku.save')}
      </Button>
      {error ? (
        <p id={`${id}-error`} className="w-full text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
