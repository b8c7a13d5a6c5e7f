import { apiRequest } from '../../../lib/api-client';
import { supportRequestResponseSchema, type SupportRequest } from '@domain/admin/contract';

export type { SupportRequest } from '@domain/admin/contract';

/** `POST /api/send-support-request`: the help-center and data-deletion forms. */
export function sendSupportRequest(request: SupportRequest) {
  return apiRequest('/send-support-request', {
    method: 'POST',
    body: request,
    schema: supportRequestResponseSchema,
  });
}
