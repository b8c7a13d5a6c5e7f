import type { PaymentRefused } from '../domain/plan/payment';
import { ForbiddenError, NotFoundError, PaymentRequiredError, ValidationError } from './errors';
import { message } from './messages';
import type { Language } from '../domain/language';

/** A refused payment as a clear error; `details.reason` is the machine-readable code. */
export function paymentRefusal(error: PaymentRefused, language: Language) {
  const details = { reason: error.reason };
  switch (error.reason) {
    case 'order_not_found':
      return new NotFoundError(message('paymentNotFound', language), details);
    case 'order_not_completed':
      return new PaymentRequiredError(message('paymentNotCompleted', language), details);
    case 'wrong_amount':
      return new PaymentRequiredError(message('paymentWrongAmount', language), details);
    case 'wrong_intent':
      return new PaymentRequiredError(message('paymentWrongIntent', language), details);
    case 'wrong_purchase_units':
      return new PaymentRequiredError(message('paymentWrongUnits', language), details);
    case 'wrong_payee':
      return new PaymentRequiredError(message('paymentWrongPayee', language), details);
    case 'capture_pending':
      return new PaymentRequiredError(message('paymentCapturePending', language), details);
    case 'capture_not_completed':
      return new PaymentRequiredError(message('paymentCaptureNotCompleted', language), details);
    case 'order_other_user':
      return new ForbiddenError(message('paymentOtherUser', language), details);
    case 'order_not_ours':
      return new ForbiddenError(message('paymentNotOurs', language), details);
    case 'no_captured_order':
      return new NotFoundError(message('paymentNothingToRecover', language), details);
    case 'order_used':
      return new PaymentRequiredError(message('paymentOrderUsed', language), details);
    case 'free_plan_off':
      return new NotFoundError(message('freePlanUnavailable', language), details);
    case 'unknown_country':
      return new ValidationError('Unknown marketplace country', details);
  }
}
