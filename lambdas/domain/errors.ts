import type { MessageKey } from './messages';

/**
 * What kind of refusal a domain error is, in the caller's terms. The HTTP middleware turns each
 * kind into its status code in one place (`lambdas/shared/http.ts`); the domain never speaks HTTP.
 */
export type ErrorKind =
  | 'invalid_input'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'too_many_requests'
  | 'daily_limit'
  | 'upstream';

/**
 * A refusal the domain decides: it names its kind and the message a person reads (a key of the
 * server's bilingual messages, with `{name}` values), so a handler lets it through and the
 * middleware answers it in the caller's language. `details` is machine-readable and reaches the
 * caller as is (for example `{ reason }`), so it must never hold another user's data or a secret.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  abstract readonly messageKey: MessageKey;
  /** Values for the message's `{name}` placeholders. */
  readonly messageValues?: Readonly<Record<string, string | number>>;
  readonly details?: unknown;

  constructor(
    internalMessage: string,
    options: {
      details?: unknown;
      messageValues?: Readonly<Record<string, string | number>>;
    } = {},
  ) {
    super(internalMessage);
    this.name = new.target.name;
    this.details = options.details;
    this.messageValues = options.messageValues;
  }
}

/**
 * A domain error whose kind and message follow from a reason code through one table: the way
 * refusals with many reasons (payments, sync, submissions) declare their mapping once.
 */
export interface Refusal {
  readonly kind: ErrorKind;
  readonly messageKey: MessageKey;
}

/**
 * A refusal whose kind and message follow from its reason through the caller's table (one
 * `Record<reason, Refusal>` per kind of refusal), so each subclass only declares the table.
 */
export abstract class ReasonedRefusal<R extends string> extends DomainError {
  readonly kind: ErrorKind;
  readonly messageKey: MessageKey;

  /** `options.internal` is the message for the logs (the reason when not given). */
  constructor(
    readonly reason: R,
    table: Readonly<Record<R, Refusal>>,
    options: ConstructorParameters<typeof DomainError>[1] & { internal?: string } = {},
  ) {
    super(options.internal ?? reason, options);
    ({ kind: this.kind, messageKey: this.messageKey } = table[reason]);
  }
}
