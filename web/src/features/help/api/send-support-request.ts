import { apiRequest } from '../../../lib/api-client';

export type SupportRequest = {
  name: string;
  email: string;
  subject: string;
  message?: string;
  description?: string;
  /** The data-deletion form's requests have their own allowance on the server. */
  kind?: 'support' | 'deletion';
};

export function sendSupportRequest(request: SupportRequest): Promise<unknown> {
  return apiRequest('/send-support-request', { method: 'POST', body: request });
}
