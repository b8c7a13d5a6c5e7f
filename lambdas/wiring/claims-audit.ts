import type { ClaimsAuditDeps } from '../domain/claims/audit-run';
import { ORDER_REPORT_TYPES, type OrderReport } from '../domain/claims/audit-orders';
import type { UnitCost, UnitCosts } from '../domain/claims/audit';
import { findDocument } from '../adapters/dynamo/case-documents';
import { addAlert } from '../adapters/dynamo/alerts';
import { windowOpenedAlert } from '../domain/alerts';
import { listAllClaims, putClaims } from '../adapters/dynamo/claims';
import { pendingReports } from '../adapters/dynamo/feedback-reports';
import { claimKeys } from '../adapters/dynamo/keys';
import { listRemovalDeliveries, saveRemovalSummaries } from '../adapters/dynamo/removal-deliveries';
import { listSkuValues } from '../adapters/dynamo/sku-values';
import { putUncostedSkus } from '../adapters/dynamo/uncosted-skus';
import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { logger } from '../shared/logger';
import { syncDependencies } from './sync-dependencies';

/**
 * The seller's unit costs per SKU, as the seller's per-SKU values hold them, each with the
 * supplier invoice it was confirmed from while that document is still in the library (a figure
 * the seller typed or corrected has no invoice behind it).
 */
async function unitCosts(userId: string): Promise<UnitCosts> {
  const costs: Record<string, UnitCost> = {};
  const names = new Map<string, Promise<string | undefined>>();
  const nameOf = (documentId: string) => {
    if (!names.has(documentId)) {
      names.set(
        documentId,
        findDocument(userId, documentId).then((doc) => doc?.filename),
      );
    }
    return names.get(documentId) as Promise<string | undefined>;
  };
  for (const value of await listSkuValues(userId)) {
    const source = value.state === 'confirmed' ? value.invoice : null;
    const name = source ? await nameOf(source.documentId) : undefined;
    costs[value.sku] = {
      amount: value.amount,
      currency: value.currency,
      ...(source && name
        ? {
            invoice: {
              documentId: source.documentId,
              name,
              number: source.number,
              date: source.date,
            },
          }
        : {}),
    };
  }
  return costs;
}

/** The audit on the real adapters (SP-API, table). */
export function claimsAuditDependencies(): ClaimsAuditDeps {
  const sync = syncDependencies();
  return {
    clock: sync.clock,
    connection: sync.connections.get,
    refreshToken: sync.connections.refreshToken,
    reports: (refreshToken, deadline) =>
      sync.sellerApis().forSeller(refreshToken, deadline !== undefined ? { deadline } : {}),
    pending: pendingReports(claimKeys.auditReimbursementsReport, 'audit_report'),
    pendingLedger: pendingReports(claimKeys.auditLedgerReport, 'audit_report'),
    pendingOrderReports: Object.fromEntries(
      (Object.keys(ORDER_REPORT_TYPES) as OrderReport[]).map((report) => [
        report,
        pendingReports(claimKeys.auditOrderReport(report), 'audit_report'),
      ]),
    ) as Record<OrderReport, ReturnType<typeof pendingReports>>,
    transactions: (refreshToken, deadline) =>
      sync.sellerApis().forSeller(refreshToken, deadline !== undefined ? { deadline } : {}),
    removalDeliveries: listRemovalDeliveries,
    saveRemovals: saveRemovalSummaries,
    sourceSkipped: (userId, source, reason) =>
      logger.warn('Audit source not read', { userId, source, reason }),
    unitCosts,
    saveUncosted: putUncostedSkus,
    storedClaims: listAllClaims,
    async saveClaims(userId, changed, added, opened = []) {
      await putClaims(userId, changed);
      await afterDashboardDataChanged(userId);
      // The digest says when a new claim can be filed now.
      const fileable = added.filter((claim) => claim.state === 'claim_now');
      if (fileable.length > 0) {
        await addAlert(userId, { kind: 'claims_fileable', claims: fileable.length });
      }
      // And when a claim Amazon was still in time to pay by itself can be filed from today:
      // told once, since the stored state is claim_now from now on.
      for (const claim of opened) await addAlert(userId, windowOpenedAlert(claim));
    },
    rejectedLines: (userId, report, lines) =>
      logger.warn('Audit report lines rejected', { userId, report, lines }),
  };
}
