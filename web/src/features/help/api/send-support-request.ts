import { apiRequest } from '../../../lib/api-client';

export type SupportRequest = {
  name: string;
  email: string;
  subject: string;
  message?: string;
  description?: string;
};

export function sendSupportRequest(request: SupportRequest): Promise<unknown> {
  return apiRequest('/send-support-request', { method: 'POST', body: request });
}
