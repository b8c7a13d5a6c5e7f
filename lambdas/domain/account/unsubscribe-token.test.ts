import { unsubscribeToken, validUnsubscribeToken } from './unsubscribe-token';

const SECRET = 's'.repeat(43);

describe('unsubscribe tokens', () => {
  test('the token of an address is accepted for it, whatever the address’s case', () => {
    const token = unsubscribeToken(SECRET, 'Mario.Rossi@Example.it', 'product');
    expect(validUnsubscribeToken(SECRET, 'mario.rossi@example.it', 'product', token)).toBe(true);
  });

  test('another address, another secret, a changed or truncated token are refused', () => {
    const token = unsubscribeToken(SECRET, 'mario@example.it', 'product');
    expect(validUnsubscribeToken(SECRET, 'luigi@example.it', 'product', token)).toBe(false);
    expect(validUnsubscribeToken('t'.repeat(43), 'mario@example.it', 'product', token)).toBe(false);
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(validUnsubscribeToken(SECRET, 'mario@example.it', 'product', changed)).toBe(false);
    expect(validUnsubscribeToken(SECRET, 'mario@example.it', 'product', token.slice(0, 20))).toBe(
      false,
    );
    expect(validUnsubscribeToken(SECRET, 'mario@example.it', 'product', '')).toBe(false);
  });
});
