import type { z } from 'zod';

/** Shared with the server's rules (spec 5 and 9). */
export const PASSWORD_MIN_LENGTH = 8;

// Deliberately loose: the mail server is the real judge; this catches typos like a missing @.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * Field → message key of the first problem with it. Messages are translation keys, translated
 * at render, so switching language also switches the messages already on screen.
 */
export type FieldErrors<Field extends string, Message extends string> = Partial<
  Record<Field, Message>
>;

export function validate<Field extends string, Message extends string>(
  schema: z.ZodType,
  values: Record<Field, unknown>,
): FieldErrors<Field, Message> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<Field, Message> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) {
      errors[field as Field] = issue.message as Message;
    }
  }
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** After a failed submit, keyboard and screen-reader users land on the first field to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
