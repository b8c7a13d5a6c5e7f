/**
 * What the public PayPal webhook accepts before anything is done with a delivery: PayPal's
 * events are a few KiB and a handful of levels deep, so a body over 64 KiB or nested deeper than
 * 32 levels is not PayPal's, and is refused before it is parsed or sent to PayPal's
 * verify-webhook-signature (which a stranger could otherwise make us call with any payload).
 */
export const WEBHOOK_LIMITS = { maxBytes: 64 * 1024, maxDepth: 32 } as const;

export type WebhookBodyRefusal = 'too_large' | 'too_deep';

/**
 * How deep the JSON text nests (objects and arrays), read from the text without parsing it, so
 * a hostile body costs one pass and no recursion. Brackets inside strings do not count.
 */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}

/**
 * Why a webhook body (as the gateway gives it, base64 or not) is refused before it is read, or
 * undefined when it is within the limits.
 */
export function webhookBodyRefusal(
  body: string,
  base64 = false,
  limits: { maxBytes: number; maxDepth: number } = WEBHOOK_LIMITS,
): WebhookBodyRefusal | undefined {
  const bytes = base64 ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  if (bytes.length > limits.maxBytes) return 'too_large';
  if (jsonDepth(bytes.toString('utf8'), limits.maxDepth) > limits.maxDepth) return 'too_deep';
  return undefined;
}
