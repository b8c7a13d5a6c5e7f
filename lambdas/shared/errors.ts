import type { ErrorKind } from '../domain/errors';

/**
 * Typed errors thrown by domain code and handlers. The HTTP middleware maps each kind to a status
 * code in one place; only errors below 500 expose their message to the caller.
 */
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  abstract readonly code: string;
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  readonly statusCode = 400;
  readonly code = 'validation_error';
}

export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
  readonly code = 'unauthorized';
}

/** The action needs an active plan (spec 1: sync and new scans need one). */
export class PaymentRequiredError extends AppError {
  readonly statusCode = 402;
  readonly code = 'payment_required';
}

export class ForbiddenError extends AppError {
  readonly statusCode = 403;
  readonly code = 'forbidden';
}

export class NotFoundError extends AppError {
  readonly statusCode = 404;
  readonly code = 'not_found';
}

export class ConflictError extends AppError {
  readonly statusCode = 409;
  readonly code = 'conflict';
}

export class PayloadTooLargeError extends AppError {
  readonly statusCode = 413;
  readonly code = 'payload_too_large';
}

export class UnprocessableError extends AppError {
  readonly statusCode = 422;
  readonly code = 'unprocessable';
}

export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  readonly code = 'too_many_requests';
}

/**
 * A daily allowance is spent (a seller's heavy route, or the emails one address may receive):
 * a 429 whose code tells the web app that waiting a minute will not help.
 */
export class DailyLimitError extends AppError {
  readonly statusCode = 429;
  readonly code = 'daily_limit';
}

/** A dependency (marketplace, mail, storage) failed; the caller may retry later. */
export class UpstreamError extends AppError {
  readonly statusCode = 502;
  readonly code = 'upstream_error';
}

const ERRORS_BY_KIND: Record<ErrorKind, new (message: string, details?: unknown) => AppError> = {
  invalid_input: ValidationError,
  unauthorized: UnauthorizedError,
  payment_required: PaymentRequiredError,
  forbidden: ForbiddenError,
  not_found: NotFoundError,
  conflict: ConflictError,
  too_large: PayloadTooLargeError,
  unprocessable: UnprocessableError,
  too_many_requests: TooManyRequestsError,
  daily_limit: DailyLimitError,
  upstream: UpstreamError,
};

/** The HTTP error a domain refusal of this kind answers as (the one place kinds meet statuses). */
export function appErrorOfKind(kind: ErrorKind, message: string, details?: unknown): AppError {
  return new ERRORS_BY_KIND[kind](message, details);
}
