import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, isEmail } from '../../lib/forms';

/**
 * Spec 5: +39 first and by default; then the other marketplaces' countries
 * (MARKETPLACE_CALLING_CODES in domain/marketplaces).
 */
export const PHONE_PREFIXES = [
  '+39',
  '+33',
  '+49',
  '+34',
  '+44',
  '+31',
  '+32',
  '+48',
  '+46',
] as const;
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];

/** Spec 9: no submit within 2 s of the page or captcha loading. */
export const MIN_FILL_MS = 2000;

/** People type numbers with spaces, dots or dashes; E.164 keeps the digits only. */
export function normalisePhoneNumber(value: string): string {
  return value.replace(/[\s.\-()/]/g, '');
}

export function toE164(prefix: PhonePrefix, number: string): string {
  return `${prefix}${normalisePhoneNumber(number)}`;
}

export type RegisterValues = {
  firstName: string;
  lastName: string;
  email: string;
  phonePrefix: PhonePrefix;
  phoneNumber: string;
  password: string;
  captchaAnswer: string;
};

export type RegisterField = keyof RegisterValues;

export type RegisterMessage =
  | 'validation.firstNameRequired'
  | 'validation.lastNameRequired'
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.phoneRequired'
  | 'validation.phoneInvalid'
  | 'validation.passwordTooShort'
  | 'validation.captchaWrong'
  | 'register.errors.weakPassword';

const required = (message: RegisterMessage) => z.string().trim().min(1, message);

/** Builds the form's rules around the sum on screen, which changes with each captcha. */
export function registerSchema(sum: number | null) {
  return z.object({
    firstName: required('validation.firstNameRequired'),
    lastName: required('validation.lastNameRequired'),
    email: required('validation.emailRequired').refine(isEmail, 'validation.emailInvalid'),
    phonePrefix: z.enum(PHONE_PREFIXES),
    phoneNumber: required('validation.phoneRequired').refine(
      (value) => /^\d{6,13}$/.test(normalisePhoneNumber(value)),
      'validation.phoneInvalid',
    ),
    password: z.string().min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort'),
    // Digits only, and equal to the sum (spec 5).
    captchaAnswer: z
      .string()
      .trim()
      .refine((value) => /^\d+$/.test(value) && Number(value) === sum, 'validation.captchaWrong'),
  });
}
