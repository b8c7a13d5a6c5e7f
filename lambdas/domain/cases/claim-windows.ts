import {
  WINDOW_KINDS,
  WINDOW_TABLE,
  windowRule,
  type WindowKind,
  type WindowRule,
} from '../claims/windows';

/**
 * How long a seller has to file a reimbursement claim with Amazon, per marketplace and claim
 * type, and the deadline of one shipment (beyond the spec: the spec only cites an 18-month
 * claims window, which Amazon has since shortened). The numbers and sources live in the one
 * table of claim windows (`../claims/windows.ts`); this module counts deadlines with them.
 *
 * What this table relies on, stated honestly:
 * - Amazon announced in July 2024 (Seller Central news, "Changes to FBA reimbursement
 *   policies": shorter eligibility windows for manual claims) that from 23 October 2024 manual
 *   claims must be filed within the windows below; until then most windows were 18 months,
 *   which is the figure spec section 9 still quotes. The help page that carries the rules is
 *   "FBA inventory reimbursement policy" ("Summary of FBA reimbursement policies and
 *   requirements for lost and damaged inventory").
 * - For units missing from an inbound shipment (the only claim type this product files), the
 *   help pages "Reconcile your shipment" and the policy above say a claim can be opened once the
 *   shipment is Closed and no later than 60 days after delivery to the fulfilment centre (some
 *   announcements add "no sooner than 15 days after delivery", which closing already implies).
 * - The European marketplaces and the UK apply the same windows as far as we could read them;
 *   we could not check each country's help page from here, so each row names the page a seller
 *   can check, and a change is one edit in the table.
 * - Amazon's inbound API (v0) gives no delivery and no closing date. The best date we hold is
 *   the last receipt Amazon's inventory ledger records for the shipment
 *   (GET_LEDGER_DETAIL_VIEW_DATA, Event Type "Receipts", Reference ID = shipment id): a fact,
 *   and the closest to "delivered to the fulfilment centre". Without it we count from the
 *   latest moment the shipment can have closed, as the first sync that saw it closed bounds it
 *   (the end of the range its last update lay in; a first sync's range can span three
 *   months). Counting from the start of that range would mark fresh shipments expired, so we
 *   count from its end: such a deadline is marked `estimated` ("da confermare": it may be later
 *   than the real one) and a shipment counts as expired only when even that deadline has passed.
 * - Amazon's own pages disagree on the inbound window: the EU help page gives 6 months after
 *   verified delivery, the announcement of September 2024 gives 15–60 days. Deadlines count the
 *   shorter one (60 days); past it a shipment is not called expired but "last chance" until the
 *   longer one has passed too (`windowState`), so the seller sees both honestly.
 */

/** The claim kinds of the one table (`../claims/windows.ts`). */
export type ClaimType = WindowKind;

export interface ClaimWindow {
  /** Days from the start event within which the claim must be filed. */
  days: number;
  /** What the days count from. */
  countedFrom: string;
  /** The Seller Central help page that states the window, and when the rule took effect. */
  source: { page: string; effective: string };
}

const asWindow = new WeakMap<WindowRule, ClaimWindow>();

/** A rule of the table, as deadlines count with it (one object per rule). */
function asClaimWindow(rule: WindowRule): ClaimWindow {
  const known = asWindow.get(rule);
  if (known) return known;
  const window = {
    days: rule.closes,
    countedFrom: rule.countedFrom,
    source: {
      page: rule.sources.map((source) => source.name).join(' + '),
      effective: rule.effective ?? rule.checkedOn,
    },
  };
  asWindow.set(rule, window);
  return window;
}

/** The windows of one marketplace, read from the table. */
function windowsOf(marketplaceId?: string): Record<ClaimType, ClaimWindow> {
  return Object.fromEntries(
    WINDOW_KINDS.map((kind) => [kind, asClaimWindow(windowRule(kind, marketplaceId))]),
  ) as Record<ClaimType, ClaimWindow>;
}

const EU_WINDOWS = windowsOf();

/**
 * The inbound-shipment window every marketplace of the product shares today: what the landing
 * FAQ and the help center quote, so their copy follows this table.
 */
export const INBOUND_CLAIM_WINDOW: ClaimWindow = EU_WINDOWS.inbound_shipment;

/**
 * How far back a sync reads: 18 months, the history the spec's sync covers and the oldest change
 * date Amazon's inventory API accepts. It is deliberately longer than every claim window above:
 * a shipment whose window has run out is still listed, marked expired, so the seller sees the
 * whole history and why an old discrepancy can no longer be claimed. What may still be claimed
 * is decided only by `claimDeadline`, never by the look-back.
 */
export const SYNC_LOOKBACK_MONTHS = 18;

/** Marketplace id → claim type → window, from the one table. */
export const CLAIM_WINDOWS: Readonly<Record<string, Record<ClaimType, ClaimWindow>>> =
  Object.fromEntries(Object.keys(WINDOW_TABLE).map((id) => [id, windowsOf(id)]));

/** For a marketplace missing from the table: the European windows, the product's market. */
const FALLBACK = EU_WINDOWS;

const DAY_MS = 86_400_000;

/** The dates the sync knows about a shipment. */
export interface ShipmentDates {
  /** When the shipment closed, when known (ISO; only demo samples carry one). */
  closedAt: string | null;
  /** The latest moment the shipment may have last changed (ISO); bounds its closing. */
  lastUpdatedTo: string | null;
  /**
   * The latest moment the shipment can have closed, from the first sync that saw it closed
   * (ISO); earlier syncs' bound is kept when a later one sees it again.
   */
  closedBy?: string | null;
  /** The last receipt Amazon's inventory ledger records for the shipment (ISO). */
  ledgerReceivedAt?: string | null;
}

/**
 * What a deadline counts from, said for what it is: Amazon's ledger receipt (a fact), a known
 * closing date, or the bound from the first sync that saw the shipment closed ("da confermare").
 */
export type WindowBasis = 'ledger_receipt' | 'closed' | 'first_seen_closed';

/** The date a shipment's window counts from, and what that date is. */
export function windowStart(shipment: ShipmentDates): { at: string; basis: WindowBasis } | null {
  if (shipment.ledgerReceivedAt) return { at: shipment.ledgerReceivedAt, basis: 'ledger_receipt' };
  if (shipment.closedAt) return { at: shipment.closedAt, basis: 'closed' };
  const bound = shipment.closedBy ?? shipment.lastUpdatedTo;
  return bound ? { at: bound, basis: 'first_seen_closed' } : null;
}

export interface ClaimDeadline {
  /** ISO instant; null when the shipment carries no date at all. */
  deadline: string | null;
  /** Whole days left to file, 0 on the last day; negative once expired. */
  daysLeft: number | null;
  expired: boolean;
  /** Counted from the latest possible closing, not a known one. */
  estimated: boolean;
  /** The date the window counts from, and what it is; null without any date. */
  countedFrom: string | null;
  basis: WindowBasis | null;
  window: ClaimWindow;
  /**
   * The later deadline where sources disagree (inbound: 6 months after delivery), ISO; until
   * then a claim past `deadline` is the seller's last chance, not lost. Null when the kind has
   * none or the shipment carries no date.
   */
  lastChance: string | null;
}

/**
 * The last moment to file a claim for a shipment's missing units, and how many days are left.
 * Shipments past their deadline are still listed; the caller marks them.
 */
export function claimDeadline(
  shipment: ShipmentDates,
  marketplaceId: string,
  now: number,
  claimType: ClaimType = 'inbound_shipment',
): ClaimDeadline {
  const window = ((Object.hasOwn(CLAIM_WINDOWS, marketplaceId)
    ? CLAIM_WINDOWS[marketplaceId]
    : undefined) ?? FALLBACK)[claimType];
  const start = windowStart(shipment);
  const startMs = start ? Date.parse(start.at) : Number.NaN;
  if (!start || Number.isNaN(startMs)) {
    return {
      deadline: null,
      daysLeft: null,
      expired: false,
      estimated: true,
      countedFrom: null,
      basis: null,
      window,
      lastChance: null,
    };
  }
  const deadlineMs = startMs + window.days * DAY_MS;
  const lastChanceDays = windowRule(claimType, marketplaceId).lastChance;
  const remaining = deadlineMs - now;
  return {
    deadline: new Date(deadlineMs).toISOString(),
    daysLeft: remaining >= 0 ? Math.floor(remaining / DAY_MS) : -Math.ceil(-remaining / DAY_MS),
    expired: remaining < 0,
    estimated: start.basis === 'first_seen_closed',
    countedFrom: start.at,
    basis: start.basis,
    window,
    lastChance:
      lastChanceDays === null ? null : new Date(startMs + lastChanceDays * DAY_MS).toISOString(),
  };
}

/** Days before the deadline from which a window is "closing". */
export const CLOSING_SOON_DAYS = 14;
/**
 * The longer inbound window Amazon's EU help page states (6 months after verified delivery),
 * in days, from the table: past the 60-day deadline a claim is the seller's last chance until
 * this has passed.
 */
export const LAST_CHANCE_DAYS = windowRule('inbound_shipment').lastChance ?? 0;

/**
 * The state of a shipment's window, shown before anything else about it:
 * - `open`: more than {@link CLOSING_SOON_DAYS} days left;
 * - `closing`: the deadline is within {@link CLOSING_SOON_DAYS} days;
 * - `last_chance`: past the 60-day deadline but within the 6 months of the EU help page;
 * - `expired`: past both;
 * - `unknown`: no date at all.
 */
export type WindowState = 'open' | 'closing' | 'last_chance' | 'expired' | 'unknown';
export const WINDOW_STATES: readonly WindowState[] = [
  'open',
  'closing',
  'last_chance',
  'expired',
  'unknown',
];

export function windowState(claim: ClaimDeadline, now: number): WindowState {
  if (claim.deadline === null || claim.countedFrom === null) return 'unknown';
  if (!claim.expired) return (claim.daysLeft ?? 0) <= CLOSING_SOON_DAYS ? 'closing' : 'open';
  return now <= Date.parse(claim.countedFrom) + LAST_CHANCE_DAYS * DAY_MS
    ? 'last_chance'
    : 'expired';
}

/**
 * The range of stored deadlines (ISO, both ends inclusive; null = unbounded) a window state
 * covers at `now`, for a list filtered server-side on `claim_deadline`. Every marketplace of
 * the product shares the inbound window, so the state follows from the deadline alone.
 */
export function deadlineRange(
  state: Exclude<WindowState, 'unknown'> | 'claimable',
  now: number,
): { from: string | null; to: string | null } {
  const iso = (ms: number) => new Date(ms).toISOString();
  const closing = now + CLOSING_SOON_DAYS * DAY_MS;
  const lastChance = now - (LAST_CHANCE_DAYS - INBOUND_CLAIM_WINDOW.days) * DAY_MS;
  switch (state) {
    case 'open':
      return { from: iso(closing + DAY_MS), to: null };
    case 'closing':
      return { from: iso(now), to: iso(closing + DAY_MS - 1) };
    case 'last_chance':
      return { from: iso(lastChance), to: iso(now - 1) };
    case 'expired':
      return { from: null, to: iso(lastChance - 1) };
    case 'claimable':
      return { from: iso(lastChance), to: null };
  }
}
