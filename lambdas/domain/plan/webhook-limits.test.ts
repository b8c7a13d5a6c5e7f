import { jsonDepth, WEBHOOK_LIMITS, webhookBodyRefusal } from './webhook-limits';

describe('webhook body limits', () => {
  test('depth counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('{"a":1}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":{}}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[{{{","b":"\\"[["}')).toBe(1);
    expect(jsonDepth('"just a string"')).toBe(0);
  });

  test('a PayPal-sized event passes; over 64 KiB or deeper than 32 levels is refused', () => {
    const event = JSON.stringify({ id: 'WH-1', resource: { links: [{ rel: 'up' }] } });
    expect(webhookBodyRefusal(event)).toBeUndefined();
    expect(webhookBodyRefusal(Buffer.from(event).toString('base64'), true)).toBeUndefined();
    const big = JSON.stringify({ pad: 'x'.repeat(WEBHOOK_LIMITS.maxBytes) });
    expect(webhookBodyRefusal(big)).toBe('too_large');
    expect(webhookBodyRefusal(Buffer.from(big).toString('base64'), true)).toBe('too_large');
    const deep = `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`;
    expect(webhookBodyRefusal(deep)).toBe('too_deep');
    const atLimit = `${'['.repeat(32)}${']'.repeat(32)}`;
    expect(webhookBodyRefusal(atLimit)).toBeUndefined();
  });
});
