import type { DocumentConfirmResponse } from '../cases/contract';
import type { DocumentAttachRequest } from '../cases/supplier-contract';
import { documentPath } from '../cases/documents';
import type { CaseShipment } from '../cases/ports';
import { toCaseView, type DocumentRecord } from '../cases/records';
import { CaseRefused } from '../cases/refusals';
import type { Language } from '../language';
import { assertFitsCase, assertUnlocked } from './case-documents';
import { documentView } from './document-view';
import type { DocumentDeps } from './ports';
import { indexedInvoices, shipmentsCovered } from './supplier-library';
import type { LineVerdicts } from './invoice-match';
import { lineVerdicts, toCover } from './supplier-pages';

/** The invoice in the library the document stands for (itself, or the one it was copied from). */
export async function libraryInvoice(deps: DocumentDeps, userId: string, id: string) {
  const found = await deps.rows.findDocument(userId, id);
  if (!found || found.doc_type !== 'fattura') throw new CaseRefused('document_not_found');
  const source = found.source_document_id
    ? await deps.rows.findDocument(userId, found.source_document_id)
    : found;
  const invoices = indexedInvoices(source?.reading ?? null);
  if (!source || invoices.length === 0) throw new CaseRefused('not_in_library');
  return { source, invoices };
}

/** Whether a line of the invoice is a missing item of the shipment by evidence. */
function coversShipment(
  lines: Parameters<typeof shipmentsCovered>[0],
  shipment: CaseShipment,
  verdicts: LineVerdicts,
) {
  const target = toCover(
    shipment.shipment_id,
    shipment.shipment_name,
    shipment.items.map((i) => ({
      sku: i.sku,
      asin: i.asin,
      title: i.title,
      expected: i.units_expected,
      found: i.units_found,
    })),
  );
  return shipmentsCovered(lines, [target], verdicts).some((c) => c.evidence);
}

/**
 * Issue 17: an invoice uploaded once joins another shipment's case without a new upload. The
 * stored object is copied (not referenced), so each case keeps its own file under its own path
 * and deleting it from one case never takes it from another. Exactly once per shipment (a link
 * row in the same transaction), under an upload's rules: the caller's own invoice and shipment,
 * an active plan, a case not yet sent, the case's attachment limit, and an invoice with a line
 * that is a missing item of the shipment by evidence (a line that only resembles one is not).
 */
export async function attachInvoice(
  deps: DocumentDeps,
  userId: string,
  id: string,
  body: DocumentAttachRequest,
  language: Language,
): Promise<DocumentConfirmResponse> {
  const { source, invoices } = await libraryInvoice(deps, userId, id);
  if (source.shipment_id === body.shipmentId) throw new CaseRefused('already_attached');
  const [shipment, verdicts] = await Promise.all([
    deps.cases.getShipment(userId, body.shipmentId),
    lineVerdicts(deps, userId),
  ]);
  if (!shipment) throw new CaseRefused('shipment_not_found');
  if (
    !coversShipment(
      invoices.flatMap((i) => i.lines),
      shipment,
      verdicts,
    )
  ) {
    throw new CaseRefused('not_on_invoice');
  }
  await deps.guards.requirePlan(userId, shipment, language);
  const current = await assertUnlocked(deps, userId, body.shipmentId);
  // The same file already uploaded to that shipment's invoices is not attached a second time.
  const same = source.sha256
    ? { docType: 'fattura' as const, sha256: source.sha256, sourceId: source.id }
    : undefined;
  await assertFitsCase(deps, userId, body.shipmentId, source.size, same);

  const at = new Date(deps.now());
  const now = at.toISOString();
  const path = documentPath(userId, body.shipmentId, 'fattura', source.filename, at);
  await deps.storage.copyObject(source.path, path);
  const copy: DocumentRecord = {
    ...source,
    id: deps.newId(),
    shipment_id: body.shipmentId,
    path,
    created_at: now,
    source_document_id: source.id,
  };
  const dropCopy = () => deps.storage.deleteObject(path).catch(() => undefined);
  const refusal = await deps.rows
    .insertAttachedDocument(source, copy, {
      id: deps.newId(),
      user_id: userId,
      action: 'attach_document',
      at: now,
      meta: {
        shipment_id: body.shipmentId,
        doc_type: 'fattura',
        filename: source.filename,
        size: source.size,
        source_document_id: source.id,
      },
    })
    .catch(async (error: unknown) => {
      await dropCopy();
      throw error;
    });
  if (refusal) {
    await dropCopy();
    throw new CaseRefused(refusal === 'already_attached' ? 'already_attached' : 'not_in_library');
  }
  const record = await deps.cases.upsertReadyCase(userId, body.shipmentId, {
    role: body.role ?? current?.role ?? 'rivenditore',
    demo: shipment.demo,
    language,
    now,
    documentUrl: path,
  });
  return {
    ok: true as const,
    document: documentView(copy, language, shipment, verdicts),
    case: toCaseView(record),
  };
}
