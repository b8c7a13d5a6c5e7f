import type { PaymentRefused } from '../domain/payment';
import { NotFoundError, PaymentRequiredError, ValidationError } from './errors';
import { message } from './messages';

/** A refused payment as a clear error; `details.reason` is the machine-readable code. */
export function paymentRefusal(error: PaymentRefused, language: 'it' | 'en') {
  const details = { reason: error.reason };
  switch (error.reason) {
    case 'order_not_found':
      return new NotFoundError(message('paymentNotFound', language), details);
    case 'order_not_completed':
      return new PaymentRequiredError(message('paymentNotCompleted', language), details);
    case 'wrong_amount':
      return new PaymentRequiredError(message('paymentWrongAmount', language), details);
    case 'order_used':
      return new PaymentRequiredError(message('paymentOrderUsed', language), details);
    case 'free_plan_off':
      return new NotFoundError(message('freePlanUnavailable', language), details);
    case 'unknown_country':
      return new ValidationError('Unknown marketplace country', details);
  }
}
