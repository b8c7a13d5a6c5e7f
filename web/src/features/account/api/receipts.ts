import { apiRequest } from '../../../lib/api-client';
import { useUserRead } from '../../../lib/swr';
import { receiptPdfResponseSchema, receiptsResponseSchema } from '@domain/plan/contract';

/** `GET /api/receipts`: the seller's payment receipts, newest first (the first page). */
export function useReceipts() {
  return useUserRead('/receipts?limit=50', receiptsResponseSchema);
}

/** Fetches one receipt's PDF and hands it to the browser as a download. */
export async function downloadReceipt(number: string): Promise<void> {
  const body = await apiRequest(`/receipts/${encodeURIComponent(number)}/pdf`, {
    schema: receiptPdfResponseSchema,
  });
  const bytes = Uint8Array.from(atob(body.pdf_base64), (ch) => ch.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: body.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = body.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
