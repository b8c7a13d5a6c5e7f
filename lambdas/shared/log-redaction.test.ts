import { REDACTED, redactLogValue, scrubText } from './log-redaction';

describe('log redaction', () => {
  it('masks every email address in free text to its first letter and domain', () => {
    expect(scrubText('from mario.rossi@example.com and b@x.it')).toBe(
      'from m***@example.com and b***@x.it',
    );
  });

  it('drops tokens from free text', () => {
    expect(scrubText('Bearer abc.def-ghi')).toBe(`Bearer ${REDACTED}`);
    expect(scrubText('id eyJhbGciOi.eyJzdWIiOi.sig end')).toBe(`id ${REDACTED} end`);
  });

  it('drops the values of secret and personal keys whatever their spelling', () => {
    for (const key of ['password', 'Authorization', 'refresh_token', 'client-secret', 'phone']) {
      expect(redactLogValue(key, 'x')).toBe(REDACTED);
    }
    expect(redactLogValue('body', { a: 1 })).toBe(REDACTED);
    expect(redactLogValue('user_id', 'abc')).toBe('abc');
    expect(redactLogValue('status_code', 500)).toBe(500);
  });
});
