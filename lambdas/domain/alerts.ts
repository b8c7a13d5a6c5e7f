/**
 * Alerts by email (issue 16): what the seller should hear about, gathered into at most one
 * digest a day, in their language. Some alerts are events recorded when they happen (new
 * discrepancies after a sync, a case reimbursed or its units found); others are read from the
 * seller's state on the day (a claim deadline within 7 days, the plan expiring within 7 days or
 * expired since the last digest). Pure: storage, opt-outs and mail are the caller's.
 */
import { BRAND } from './account/emails';
import { claimDeadline } from './cases/claim-windows';
import { escapeHtml } from './html';
import type { Language } from './language';
import { activePlan, planPeriods, type Subscription } from './plan/plan';
import type { StoredShipment } from './sync/shipment-list';
import type { StoredClaim } from './claims/model';

export const ALERT_DAYS_AHEAD = 7;
const DAY_MS = 86_400_000;

export type Alert =
  | { kind: 'new_discrepancies'; shipments: number }
  | { kind: 'deadline_soon'; shipmentId: string; deadline: string; daysLeft: number }
  | { kind: 'plan_expiring'; expiresAt: string; daysLeft: number }
  | { kind: 'plan_expired'; expiredAt: string }
  | {
      kind: 'case_reimbursed';
      shipmentId: string;
      amount: number | null;
      currency: string | null;
      units: number;
      partly: boolean;
    }
  | { kind: 'case_found'; shipmentId: string; units: number }
  /** The audit found claims whose window is open now (only the new ones). */
  | { kind: 'claims_fileable'; claims: number }
  /** A claim Amazon was still in time to pay by itself whose window opened (told once). */
  | { kind: 'claim_opened'; reference: string; sku: string | null; closes: string }
  /** A claim not filed whose window closes within 7 days. */
  | {
      kind: 'claim_closing';
      reference: string;
      sku: string | null;
      closes: string;
      daysLeft: number;
    };

/**
 * The alerts the seller's state gives today: claim deadlines within 7 days on shipments with
 * missing units and no case sent, and a plan that expires within 7 days or expired within the
 * last day (a daily digest mentions it once).
 */
export function stateAlerts(input: {
  now: number;
  plan: { expiresAt: string; active: boolean } | null;
  shipments: readonly Pick<
    StoredShipment,
    'shipmentId' | 'closedAt' | 'lastUpdatedTo' | 'marketplaceId' | 'discrepancy' | 'demo'
  >[];
  /** Shipments whose dispute already went to Amazon: their deadline no longer matters. */
  sentShipmentIds: ReadonlySet<string>;
  /**
   * When the last digest went (epoch ms): a deadline already within 7 days then was told then,
   * so only what is new since is said again.
   */
  since?: number | undefined;
  /** The audit's claims (claims/model.ts): one still to file whose window closes soon is told. */
  claims?: readonly Pick<StoredClaim, 'state' | 'subject' | 'window'>[];
}): Alert[] {
  const alerts: Alert[] = [];
  if (input.plan) {
    const left = Date.parse(input.plan.expiresAt) - input.now;
    if (input.plan.active && left > 0 && left <= ALERT_DAYS_AHEAD * DAY_MS) {
      alerts.push({
        kind: 'plan_expiring',
        expiresAt: input.plan.expiresAt,
        daysLeft: Math.ceil(left / DAY_MS),
      });
    } else if (left <= 0 && left > -DAY_MS) {
      alerts.push({ kind: 'plan_expired', expiredAt: input.plan.expiresAt });
    }
  }
  for (const shipment of input.shipments) {
    if (shipment.demo || shipment.discrepancy <= 0) continue;
    if (input.sentShipmentIds.has(shipment.shipmentId)) continue;
    const deadline = claimDeadline(shipment, shipment.marketplaceId, input.now);
    if (deadline.deadline === null || deadline.expired || deadline.daysLeft === null) continue;
    const toldBefore =
      input.since !== undefined &&
      Date.parse(deadline.deadline) - input.since < (ALERT_DAYS_AHEAD + 1) * DAY_MS;
    if (deadline.daysLeft <= ALERT_DAYS_AHEAD && !toldBefore) {
      alerts.push({
        kind: 'deadline_soon',
        shipmentId: shipment.shipmentId,
        deadline: deadline.deadline,
        daysLeft: deadline.daysLeft,
      });
    }
  }
  for (const claim of input.claims ?? []) {
    if (claim.state !== 'claim_now') continue;
    const closesAt = Date.parse(`${claim.window.closes}T23:59:59Z`);
    const daysLeft = Math.ceil((closesAt - input.now) / DAY_MS);
    if (daysLeft < 0 || daysLeft > ALERT_DAYS_AHEAD) continue;
    // Already within 7 days when the last digest went: told then.
    const toldBefore =
      input.since !== undefined && closesAt - input.since < (ALERT_DAYS_AHEAD + 1) * DAY_MS;
    if (toldBefore) continue;
    alerts.push({
      kind: 'claim_closing',
      reference: claim.subject.reference,
      sku: claim.subject.sku,
      closes: claim.window.closes,
      daysLeft,
    });
  }
  return alerts;
}

/** The digest's alert for a claim whose window opened in the audit (`windowsOpened`). */
export function windowOpenedAlert(
  claim: Pick<StoredClaim, 'subject' | 'window'>,
): Extract<Alert, { kind: 'claim_opened' }> {
  return {
    kind: 'claim_opened',
    reference: claim.subject.reference,
    sku: claim.subject.sku,
    closes: claim.window.closes,
  };
}

function money(amount: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    style: 'currency',
    currency,
  }).format(amount);
}

function day(iso: string, language: Language): string {
  return new Date(iso).toLocaleDateString(language === 'it' ? 'it-IT' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/**
 * What the syncs found since the last digest, said once: the recorded new-discrepancy alerts of
 * several syncs add up to one line instead of one line each.
 */
export function mergeNewDiscrepancies(alerts: readonly Alert[]): Alert[] {
  const found = alerts.filter((a) => a.kind === 'new_discrepancies');
  if (found.length <= 1) return [...alerts];
  const shipments = found.reduce(
    (n, a) => n + (a.kind === 'new_discrepancies' ? a.shipments : 0),
    0,
  );
  const rest = alerts.filter((a) => a.kind !== 'new_discrepancies');
  return [{ kind: 'new_discrepancies', shipments }, ...rest];
}

/** One line of the digest for an alert, in the reader's language. */
export function alertLine(alert: Alert, language: Language): string {
  const it = language === 'it';
  switch (alert.kind) {
    case 'new_discrepancies':
      return it
        ? `Dall'ultimo riepilogo le sincronizzazioni hanno trovato ${alert.shipments} nuove spedizioni con unità mancanti: controlla lo stato della finestra di ciascuna.`
        : `Since the last digest, syncs found ${alert.shipments} new shipments with missing units: check each one's claim window.`;
    case 'deadline_soon':
      return it
        ? `Spedizione ${alert.shipmentId}: il termine per il reclamo scade il ${day(alert.deadline, language)} (tra ${alert.daysLeft} giorni).`
        : `Shipment ${alert.shipmentId}: the claim deadline is ${day(alert.deadline, language)} (in ${alert.daysLeft} days).`;
    case 'plan_expiring':
      return it
        ? `Il tuo piano scade il ${day(alert.expiresAt, language)}: rinnovalo per continuare a sincronizzare e inviare richieste.`
        : `Your plan expires on ${day(alert.expiresAt, language)}: renew it to keep syncing and sending requests.`;
    case 'plan_expired':
      return it
        ? 'Il tuo piano è scaduto: puoi consultare i casi, ma per sincronizzare e inviare richieste rinnovalo.'
        : 'Your plan has expired: you can view your cases, but renew it to sync and send requests.';
    case 'case_reimbursed': {
      const paid =
        alert.amount && alert.currency
          ? money(alert.amount, alert.currency, language)
          : it
            ? `${alert.units} unità a inventario`
            : `${alert.units} units as inventory`;
      return it
        ? `Spedizione ${alert.shipmentId}: Amazon ha rimborsato ${paid}${alert.partly ? ' (in parte: puoi sollecitare il resto)' : ''}.`
        : `Shipment ${alert.shipmentId}: Amazon reimbursed ${paid}${alert.partly ? ' (partly: you can follow up on the rest)' : ''}.`;
    }
    case 'case_found':
      return it
        ? `Spedizione ${alert.shipmentId}: Amazon ha ritrovato ${alert.units} unità, il caso è risolto.`
        : `Shipment ${alert.shipmentId}: Amazon found ${alert.units} units, the case is resolved.`;
    case 'claims_fileable':
      return it
        ? alert.claims === 1
          ? "L'audit dei rimborsi ha trovato 1 reclamo che puoi aprire ora: trovi importo, finestra e testo nella pagina Reclami."
          : `L'audit dei rimborsi ha trovato ${alert.claims} reclami che puoi aprire ora: trovi importo, finestra e testo nella pagina Reclami.`
        : alert.claims === 1
          ? 'The reimbursement audit found 1 claim you can file now: amount, window and text are on the Claims page.'
          : `The reimbursement audit found ${alert.claims} claims you can file now: amount, window and text are on the Claims page.`;
    case 'claim_opened': {
      const what = `${alert.reference}${alert.sku ? ` (SKU ${alert.sku})` : ''}`;
      return it
        ? `Reclamo ${what}: Amazon non ha pagato da sé e da oggi puoi aprire il reclamo, entro il ${day(alert.closes, language)}. Trovi importo e testo nella pagina Reclami.`
        : `Claim ${what}: Amazon did not pay by itself and from today you can file the claim, by ${day(alert.closes, language)}. Amount and text are on the Claims page.`;
    }
    case 'claim_closing': {
      const what = `${alert.reference}${alert.sku ? ` (SKU ${alert.sku})` : ''}`;
      return it
        ? `Reclamo ${what}: la finestra si chiude il ${day(alert.closes, language)} (tra ${alert.daysLeft} giorni).`
        : `Claim ${what}: the window closes on ${day(alert.closes, language)} (in ${alert.daysLeft} days).`;
    }
  }
}

/**
 * Service messages: what still reaches a seller who left the product emails, since missing it
 * costs them money (a claim deadline about to pass, money Amazon paid on a case).
 */
const SERVICE_ALERTS: ReadonlySet<Alert['kind']> = new Set([
  'deadline_soon',
  'case_reimbursed',
  'claim_closing',
]);

export function isServiceAlert(alert: Alert): boolean {
  return SERVICE_ALERTS.has(alert.kind);
}

/**
 * The plan the digest speaks of, from the periods still in force (`planPeriods`, the same
 * computation as the plan's page): the plan in force with the end of its run, else the end of
 * the last period that ran out. A refunded, reversed or disputed payment counts for nothing.
 */
export function digestPlan(
  subscriptions: readonly Subscription[],
  now: number,
): { expiresAt: string; active: boolean } | null {
  const plan = activePlan(subscriptions, now);
  if (plan) return { expiresAt: plan.expiresAt, active: true };
  const ended = planPeriods(subscriptions).filter((p) => p.end <= now);
  if (ended.length === 0) return null;
  const end = Math.max(...ended.map((p) => p.end));
  return { expiresAt: new Date(end).toISOString(), active: false };
}

/**
 * The digest: one email, its lines in the order above, links to the dashboard and to opt out
 * (the link carries the address's token). Without a token the address opted out and gets only
 * service messages, which the footer says.
 */
export function renderDigest(input: {
  alerts: readonly Alert[];
  language: Language;
  appUrl: string;
  firstName?: string;
  email: string;
  /** The unsubscribe link's token; absent when the address already opted out. */
  unsubscribeToken?: string;
}): { subject: string; html: string; text: string } {
  const it = input.language === 'it';
  const base = input.appUrl.replace(/\/+$/, '');
  const lines = input.alerts.map((alert) => alertLine(alert, input.language));
  const hello = input.firstName
    ? `${it ? 'Ciao' : 'Hello'} ${input.firstName},`
    : it
      ? 'Ciao,'
      : 'Hello,';
  const intro = it
    ? 'ecco le novità sui tuoi rimborsi FBA:'
    : 'here is what is new on your FBA reimbursements:';
  const open = it ? 'Apri la dashboard' : 'Open the dashboard';
  const unsubscribeUrl = input.unsubscribeToken
    ? `${base}/unsubscribe?email=${encodeURIComponent(input.email)}&token=${encodeURIComponent(input.unsubscribeToken)}`
    : undefined;
  const stop = unsubscribeUrl
    ? it
      ? 'Non vuoi più ricevere questi avvisi? Disiscriviti:'
      : 'No longer want these alerts? Unsubscribe:'
    : it
      ? 'Hai annullato l’iscrizione alle email sul prodotto: ricevi solo i messaggi di servizio, cioè le scadenze dei reclami e i rimborsi pagati da Amazon.'
      : 'You unsubscribed from product emails: you receive only service messages, that is claim deadlines and reimbursements Amazon paid.';
  const footer = unsubscribeUrl
    ? `${escapeHtml(stop)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeUrl)}</a>`
    : escapeHtml(stop);
  const subject = it
    ? `${lines.length === 1 ? '1 novità' : `${lines.length} novità`} sui tuoi rimborsi · ${BRAND}`
    : `${lines.length === 1 ? '1 update' : `${lines.length} updates`} on your reimbursements · ${BRAND}`;
  const html =
    `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111">` +
    `<p style="font-size:20px;font-weight:700;color:#1d4ed8">${BRAND}</p>` +
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><ul>` +
    lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('') +
    `</ul><p><a href="${escapeHtml(`${base}/dashboard`)}">${escapeHtml(open)}</a></p>` +
    `<p style="font-size:12px;color:#555">${footer}</p>` +
    `</body></html>`;
  const text = [
    hello,
    intro,
    ...lines.map((line) => `- ${line}`),
    `${open}: ${base}/dashboard`,
    unsubscribeUrl ? `${stop} ${unsubscribeUrl}` : stop,
  ].join('\n\n');
  return { subject, html, text };
}
