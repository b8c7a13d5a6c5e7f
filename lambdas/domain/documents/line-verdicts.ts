import type { LineVerdictRequest, LineVerdictResponse } from '../cases/supplier-contract';
import { CaseRefused } from '../cases/refusals';
import { libraryInvoice } from './attach';
import { codeKey, lineDescriptionKey } from './invoice-match';
import type { DocumentDeps } from './ports';
import { shipmentsToCover } from './supplier-pages';

/** The longest line text a verdict keeps, as read (the key keeps its normalised description). */
const MAX_TEXT = 500;

/**
 * The seller says that a line of one of their library's invoices is (or is not) one of their
 * SKUs. Only a line the library holds and a SKU of the caller's shipments can be named; the
 * verdict is kept under the caller's partition by SKU and normalised description (with the
 * line's codes), so later invoices with that description (or code) match by evidence, and a
 * rejected line is not proposed for that SKU again. A new verdict replaces the previous one.
 */
export async function rememberLineVerdict(
  deps: DocumentDeps,
  userId: string,
  body: LineVerdictRequest,
): Promise<LineVerdictResponse> {
  const [{ invoices }, shipments] = await Promise.all([
    libraryInvoice(deps, userId, body.documentId),
    shipmentsToCover(deps, userId),
  ]);
  const line = invoices.find((i) => i.index === body.invoiceIndex)?.lines[body.line];
  const description = line ? lineDescriptionKey(line.description) : '';
  if (!line || !description) throw new CaseRefused('line_not_found');
  if (!shipments.some((s) => s.items.some((i) => i.sku === body.sku))) {
    throw new CaseRefused('sku_not_found');
  }
  await deps.library.putLineVerdict(userId, {
    sku: body.sku,
    description,
    codes: [...new Set(line.codes.map(codeKey).filter(Boolean))],
    verdict: body.verdict,
    text: line.description.slice(0, MAX_TEXT),
    updatedAt: new Date(deps.now()).toISOString(),
  });
  deps.log.info('Invoice line verdict', { verdict: body.verdict });
  return { ok: true as const, sku: body.sku, verdict: body.verdict, description: line.description };
}
