import { apiRequest } from '../../../lib/api-client';
import { captchaResponseSchema, type CaptchaResponse } from '@domain/account/contract';

export type Captcha = CaptchaResponse;

export function getCaptcha(): Promise<Captcha> {
  return apiRequest('/captcha', { method: 'POST', schema: captchaResponseSchema });
}
