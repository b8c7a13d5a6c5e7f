import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// The server signs the pair into `token`, so the answer is checked without server-side state.
const captchaSchema = z.object({
  a: z.number().int(),
  b: z.number().int(),
  token: z.string().min(1),
});

export type Captcha = z.infer<typeof captchaSchema>;

export function getCaptcha(): Promise<Captcha> {
  return apiRequest('/captcha', { method: 'POST', schema: captchaSchema });
}
