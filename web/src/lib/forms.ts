import { useRef, useState } from 'react';
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

/**
 * The values and per-field errors of a form: editing a field clears its error; `invalid` validates
 * every field against the schema and, when one is wrong, moves focus to the first to fix;
 * `reject` marks one field the server refused. `formRef` goes on the form.
 */
export function useFieldForm<Values extends Record<string, unknown>, Message extends string>(
  initial: Values,
) {
  type Field = keyof Values & string;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field, Message>>({});

  function update<F extends Field>(field: F, value: Values[F]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  /** The problems found, or null when every field is right. */
  function invalid(schema: z.ZodType): FieldErrors<Field, Message> | null {
    const found = validate<Field, Message>(schema, values);
    setErrors(found);
    if (!hasErrors(found)) return null;
    focusFirstInvalid(formRef.current);
    return found;
  }

  function reject(field: Field, message: Message) {
    setErrors({ [field]: message } as FieldErrors<Field, Message>);
    focusFirstInvalid(formRef.current);
  }

  return { formRef, values, setValues, errors, update, invalid, reject };
}
