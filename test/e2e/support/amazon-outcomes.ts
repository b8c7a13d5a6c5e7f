import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { expect, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack/aws';
import { api } from './real-seller';
import { stack } from './stack';

/*
 * Amazon's side of a case's outcome, as the stack's simulators play it: a supplier invoice for
 * the scenario's gaskets, the reimbursements Amazon approves, and the hourly case poller's turn.
 */

/** A one-page supplier invoice listing the scenario's gaskets. */
export async function invoice(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  [
    'FATTURA N. 2026/77 del 2026-08-20',
    'Fornitore: Ricambi Moka S.r.l. - P.IVA IT01234567890',
    'GUARNIZIONE #3   12   pz',
  ].forEach((line, index) => page.drawText(line, { x: 40, y: 800 - index * 22, size: 10, font }));
  return Buffer.from(await pdf.save());
}

/** What EventBridge Scheduler puts on the queue every hour: the case poller's turn. */
/**
 * Runs the hourly claims audit now for one seller, through the local Lambda Invoke API (as
 * `aws lambda invoke` would), and waits for it to finish.
 */
export async function runClaimsAudit(userId: string) {
  const response = await fetch(`${stack().apiUrl}/2015-03-31/functions/claims-audit/invocations`, {
    method: 'POST',
    body: JSON.stringify({ userId }),
  });
  if (response.status !== 200) throw new Error(`claims-audit answered ${response.status}`);
  return (await response.json()) as {
    sellers: number;
    changed: number;
    pending: number;
    failed: number;
  };
}

export async function runCasePoller() {
  const { sqs } = stack() as unknown as { sqs: { endpoint: string; syncQueueUrl: string } };
  const client = new SQSClient({
    endpoint: sqs.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  await client.send(
    new SendMessageCommand({
      QueueUrl: sqs.syncQueueUrl,
      MessageBody: JSON.stringify({ type: 'cases.poll' }),
    }),
  );
  client.destroy();
}

/** "22,00 €" as the page writes it (a no-break space before the sign). */
export const euros = (amount: string) => new RegExp(`^${amount}\\s€$`);

/** The set-up, not the subject: an invoice stored for a shipment, through the documents API. */
export async function uploadInvoice(page: Page, shipmentId: string) {
  const bytes = await invoice();
  const target = { shipmentId, role: 'rivenditore', docType: 'fattura' };
  const url = await api(page, '/api/documents/upload-url', {
    method: 'POST',
    body: { ...target, fileName: 'fattura.pdf', size: bytes.length },
  });
  expect(url.status).toBe(200);
  const put = await fetch(url.body.uploadUrl as string, {
    method: 'PUT',
    headers: url.body.headers as Record<string, string>,
    body: new Uint8Array(bytes),
  });
  expect(put.ok).toBe(true);
  const confirmed = await api(page, '/api/documents/confirm', {
    method: 'POST',
    body: { ...target, path: url.body.path },
  });
  expect(confirmed.status).toBe(200);
}

/** Amazon (the simulator) approves a reimbursement of `units` units of `sku` for the case. */
export async function amazonPays(caseId: string, sku: string, units: number, perUnit: number) {
  await amazonReimburses({
    'approval-date': new Date().toISOString(),
    'reimbursement-id': String(8_000_000_000 + Math.floor(Math.random() * 1e9)),
    'case-id': caseId,
    reason: 'Lost_Inbound',
    sku,
    'currency-unit': 'EUR',
    'amount-per-unit': perUnit,
    'amount-total': Math.round(perUnit * units * 100) / 100,
    'quantity-reimbursed-cash': units,
  });
}

/** Amazon (the simulator) adds rows to the seller's reimbursements report. */
export async function amazonReimburses(...rows: Record<string, unknown>[]) {
  const res = await fetch(`${stack().spapi.endpoint}/__sim/reimbursements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  expect(res.status).toBe(200);
}

/**
 * Amazon reimburses `units` units of `sku` lost in its warehouse five days ago, at `perUnit`
 * each; the claims audit runs. Gives the reimbursement id.
 */
export async function amazonUnderpaysLoss(
  userId: string,
  item: { sku: string; fnsku: string; units: number; perUnit: number },
): Promise<string> {
  const reimbursementId = String(9_300_000_000 + Math.floor(Math.random() * 1e9));
  await amazonReimburses({
    'approval-date': new Date(Date.now() - 5 * 86_400_000).toISOString(),
    'reimbursement-id': reimbursementId,
    reason: 'Lost_Warehouse',
    sku: item.sku,
    fnsku: item.fnsku,
    'currency-unit': 'EUR',
    'amount-per-unit': item.perUnit,
    'amount-total': Math.round(item.perUnit * item.units * 100) / 100,
    'quantity-reimbursed-cash': item.units,
  });
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });
  return reimbursementId;
}

/** The claims screen's row of a reimbursement, once the audit's claim is listed. */
export async function claimRowOf(page: Page, reimbursementId: string): Promise<Locator> {
  await page.goto('/claims');
  await expect(page.getByRole('heading', { name: 'Reclami', level: 1 })).toBeVisible();
  const row = page.getByTestId('claim-row').filter({ hasText: reimbursementId });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  return row;
}

/**
 * Amazon pays `amount` on the re-evaluation of `reimbursementId` (a later row of the same
 * report, naming it); the audit runs and the claim's row says "Rimborsato". Gives the new id.
 */
export async function amazonPaysReevaluation(
  page: Page,
  row: Locator,
  userId: string,
  claim: { reimbursementId: string; sku: string; fnsku: string; amount: number },
): Promise<string> {
  const paidId = String(Number(claim.reimbursementId) + 1);
  await amazonReimburses({
    'approval-date': new Date().toISOString(),
    'reimbursement-id': paidId,
    'case-id': String(10_000_000_000 + Math.floor(Math.random() * 1e9)),
    reason: 'Lost_Warehouse',
    sku: claim.sku,
    fnsku: claim.fnsku,
    'currency-unit': 'EUR',
    'amount-total': claim.amount,
    'original-reimbursement-id': claim.reimbursementId,
  });
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('claim-state')).toHaveText('Rimborsato', { timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  return paidId;
}
