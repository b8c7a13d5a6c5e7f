/**
 * The public contact points of a stage (spec 2.3: contact addresses, phone/WhatsApp): set in
 * the stage's settings (`lib/config.ts`), written into the web app's `/config.json`, shown in
 * the footer and the help center. Pure, without zod, so the landing page can read it without
 * downloading the validator.
 */
export interface SiteContacts {
  supportEmail: string;
  securityEmail: string;
  /** International format, `+39 02 1234 5678`; absent when the stage has none. */
  phone?: string;
  whatsapp?: string;
}

/** An international number as the stage settings accept it: `+`, then digits and spaces. */
export const PHONE_PATTERN = /^\+[1-9][\d ]{6,18}\d$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

/** The contacts of a runtime config, or null when it carries none that are well formed. */
export function readSiteContacts(config: unknown): SiteContacts | null {
  const raw = (config as { contacts?: Record<string, unknown> } | null)?.contacts;
  if (!raw || typeof raw !== 'object') return null;
  const supportEmail = text(raw.supportEmail, EMAIL_PATTERN);
  const securityEmail = text(raw.securityEmail, EMAIL_PATTERN);
  if (!supportEmail || !securityEmail) return null;
  const phone = text(raw.phone, PHONE_PATTERN);
  const whatsapp = text(raw.whatsapp, PHONE_PATTERN);
  return {
    supportEmail,
    securityEmail,
    ...(phone ? { phone } : {}),
    ...(whatsapp ? { whatsapp } : {}),
  };
}

/** `tel:` and WhatsApp links of a number: its digits, with the `+` for the phone. */
export function phoneHref(phone: string): string {
  return `tel:+${phone.replace(/\D/g, '')}`;
}

export function whatsappHref(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}
