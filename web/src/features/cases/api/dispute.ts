import {
  demoPollerResponse,
  generateCaseDraftResponse,
  submitReimbursementResponse,
  type DemoPollerResponse,
  type GenerateCaseDraftRequest,
  type GenerateCaseDraftResponse,
  type SubmitReimbursementResponse,
} from '@domain/cases/contract';
import { apiRequest } from '../../../lib/api-client';
import { refreshCases, rememberCase } from './cases';
import type { Language } from '../../../i18n/languages';

/** The validate button: the server builds the dispute text from the shipment and documents. */
export async function generateDraft(
  request: GenerateCaseDraftRequest,
): Promise<GenerateCaseDraftResponse> {
  const body = await apiRequest('/generate-case-draft', {
    method: 'POST',
    body: request,
    schema: generateCaseDraftResponse,
  });
  void refreshCases();
  return body;
}

/** "CHIEDI RIMBORSO": sends the dispute with its documents; repeating it is harmless. */
export async function submitReimbursement(
  shipmentId: string,
  language: Language,
): Promise<SubmitReimbursementResponse> {
  const body = await apiRequest('/submit-reimbursement', {
    method: 'POST',
    body: { shipmentId, language },
    schema: submitReimbursementResponse,
  });
  await refreshCases();
  return body;
}

/** Demo cases only: one step of the marketplace's simulated reply. */
export async function simulateResponse(caseId: string): Promise<DemoPollerResponse> {
  const body = await apiRequest('/demo-cs-poller', {
    method: 'POST',
    body: { case_id: caseId },
    schema: demoPollerResponse,
  });
  rememberCase(body.case);
  void refreshCases();
  return body;
}
