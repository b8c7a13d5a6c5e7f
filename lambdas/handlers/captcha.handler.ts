import { captchaSecret } from '../adapters/secrets';
import type { CaptchaResponse } from '../domain/account/contract';
import { issueCaptcha } from '../domain/account/captcha';
import { httpHandler } from '../shared/http';

/**
 * `POST /api/captcha`: a fresh addition challenge for the sign-up form. The token is checked
 * by the pre-sign-up trigger; its issue time starts the form's 2-second clock.
 */
export const handler = httpHandler({ public: true }, async () => {
  const body: CaptchaResponse = issueCaptcha(await captchaSecret(), Date.now());
  return { statusCode: 200, headers: { 'cache-control': 'no-store' }, body };
});
