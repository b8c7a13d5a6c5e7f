import { fetchFeedbackReport, type ReportsPort } from '../feedback/report';
import type { Clock } from '../clock';

/**
 * The one real date Amazon gives about an inbound shipment: the receipts its inventory ledger
 * records (`GET_LEDGER_DETAIL_VIEW_DATA`, Reports API 2021-06-30; columns in
 * claim-types.md). A line with Event Type "Receipts" and Reference ID = the shipment id is a
 * receipt of that shipment at a fulfilment centre; the last one is the date Amazon last
 * recorded receiving units of it. Pure: the report is fetched through the Reports port the
 * feedback import already uses.
 */
export const LEDGER_REPORT_TYPE = 'GET_LEDGER_DETAIL_VIEW_DATA';

/**
 * A ledger date: ISO (`2025-09-12`, with or without a time) or Amazon's US-style flat-file date
 * (`09/12/2025`, month first). Anything else is not read: a date we are unsure of is no date.
 */
function ledgerDay(value: string): string | undefined {
  const text = value.trim().replace(/^"|"$/g, '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!y || !m || !d) return undefined;
  const day = `${y}-${m}-${d}`;
  const parsed = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : undefined;
}

/**
 * The last receipt day per shipment id (ISO instant at 00:00 UTC of that day) from the ledger's
 * tab-separated text. Only "Receipts" lines with a Reference ID and a readable date count.
 */
export function lastReceiptDates(text: string): Map<string, string> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '')
    .split('\t')
    .map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const dateCol = col('date and time') >= 0 ? col('date and time') : col('date');
  const eventCol = col('event type');
  const refCol = col('reference id');
  const out = new Map<string, string>();
  if (dateCol < 0 || eventCol < 0 || refCol < 0) return out;
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const cells = line.split('\t');
    if ((cells[eventCol] ?? '').trim().toLowerCase() !== 'receipts') continue;
    const shipmentId = (cells[refCol] ?? '').trim();
    const day = ledgerDay(cells[dateCol] ?? '');
    if (!shipmentId || !day) continue;
    const at = `${day}T00:00:00.000Z`;
    const before = out.get(shipmentId);
    if (!before || at > before) out.set(shipmentId, at);
  }
  return out;
}

/**
 * Fetches the ledger of the marketplace since `since` and answers the last receipt per
 * shipment, or undefined when Amazon did not produce the report in time or could not: the
 * ledger adds a fact when it can, and a sync never fails for want of it.
 */
export async function fetchLedgerReceipts(
  reports: ReportsPort,
  options: {
    marketplaceId: string;
    since: number;
    deadline: number;
    pollIntervalMs: number;
    clock: Clock;
  },
): Promise<Map<string, string> | undefined> {
  const fetched = await fetchFeedbackReport(reports, {
    marketplaceId: options.marketplaceId,
    reportType: LEDGER_REPORT_TYPE,
    dataStartTime: new Date(options.since).toISOString(),
    deadline: options.deadline,
    pollIntervalMs: options.pollIntervalMs,
    clock: options.clock,
  });
  if (fetched.status === 'done') return lastReceiptDates(fetched.text);
  // No data: Amazon recorded no ledger event in the range, so no receipt either.
  if (fetched.status === 'no_data') return new Map();
  return undefined;
}

/** The shipments whose stored ledger date differs from the report's, with the new date. */
export function ledgerChanges(
  listing: readonly { shipmentId: string; ledgerReceivedAt?: string | null }[],
  receipts: ReadonlyMap<string, string>,
): { shipmentId: string; ledgerReceivedAt: string }[] {
  return listing.flatMap((s) => {
    const at = receipts.get(s.shipmentId);
    return at && at !== s.ledgerReceivedAt
      ? [{ shipmentId: s.shipmentId, ledgerReceivedAt: at }]
      : [];
  });
}
