import { type AccountEmail, renderAccountEmail, renderBilingualAccountEmail } from './emails';

const APP = 'https://app.rimborsi.example';

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

describe('renderAccountEmail', () => {
  const confirm: AccountEmail = {
    kind: 'confirm-sign-up',
    appUrl: `${APP}/`,
    email: 'mario+fba@example.it',
    code: '{####}',
    firstName: 'Mario',
  };

  it('writes the sign-up confirmation in Italian with the confirm-email link', () => {
    const { subject, html, text } = renderAccountEmail(confirm, 'it');
    expect(subject).toBe('Conferma il tuo indirizzo email · RimborsiFBA');
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('Ciao Mario,');
    expect(html).toContain('Conferma email');
    expect(hrefs(html)).toContain(
      `${APP}/confirm-email?email=mario%2Bfba%40example.it&code={####}`,
    );
    expect(text).toContain(`${APP}/confirm-email?email=mario%2Bfba%40example.it&code={####}`);
    expect(text).toContain('Il tuo codice di conferma: {####}');
  });

  it('writes the same email in English', () => {
    const { subject, html, text } = renderAccountEmail(confirm, 'en');
    expect(subject).toBe('Confirm your email address · RimborsiFBA');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Hello Mario,');
    expect(text).toContain('Your confirmation code: {####}');
  });

  it("writes the bilingual confirmation: the reader's language first, one link for both", () => {
    const { subject, html, text } = renderBilingualAccountEmail(confirm, 'en');
    expect(subject).toBe(
      'Confirm your email address / Conferma il tuo indirizzo email · RimborsiFBA',
    );
    expect(html).toContain('<html lang="en">');
    expect(html.indexOf('Hello Mario,')).toBeLessThan(html.indexOf('Ciao Mario,'));
    expect(new Set(hrefs(html))).toEqual(
      new Set([`${APP}/confirm-email?email=mario%2Bfba%40example.it&code={####}`]),
    );
    expect(text).toContain('Your confirmation code: {####}');
    expect(text).toContain('Il tuo codice di conferma: {####}');
  });

  it('links the password reset to /update-password, in both languages', () => {
    const reset: AccountEmail = {
      kind: 'reset-password',
      appUrl: APP,
      email: 'a@b.it',
      code: '123456',
    };
    const it = renderAccountEmail(reset, 'it');
    const en = renderAccountEmail(reset, 'en');
    expect(it.subject).toBe('Reimposta la tua password · RimborsiFBA');
    expect(en.subject).toBe('Reset your password · RimborsiFBA');
    expect(it.html).toContain('Ciao,');
    for (const { html } of [it, en]) {
      expect(hrefs(html)).toContain(`${APP}/update-password?email=a%40b.it&code=123456`);
    }
  });

  it('sends the magic link as given, valid 15 minutes, once', () => {
    const link = `${APP}/auth/magic?email=a%40b.it&token=abc&redirectTo=%2Fdocuments`;
    const it = renderAccountEmail({ kind: 'magic-link', link }, 'it');
    const en = renderAccountEmail({ kind: 'magic-link', link }, 'en');
    expect(it.subject).toBe('Il tuo link di accesso · RimborsiFBA');
    expect(it.text).toContain('15 minuti');
    expect(en.subject).toBe('Your sign-in link · RimborsiFBA');
    expect(en.text).toContain('15 minutes');
    expect(hrefs(en.html)).toEqual([link, link]);
  });

  it('escapes names that come from the sign-up form', () => {
    const { html } = renderAccountEmail(
      { ...confirm, firstName: '<img src=x onerror=alert(1)>' },
      'it',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses a code that is neither digits nor the placeholder', () => {
    expect(() => renderAccountEmail({ ...confirm, code: '"><script>' }, 'it')).toThrow();
  });

  it.each<AccountEmail>([
    { kind: 'verify-email', code: '{####}' },
    { kind: 'sign-in-code', code: '{####}' },
    { kind: 'invitation', appUrl: APP, username: '{username}', code: '{####}' },
  ])('has Italian and English copy for $kind', (email) => {
    const it = renderAccountEmail(email, 'it');
    const en = renderAccountEmail(email, 'en');
    expect(it.subject).not.toBe(en.subject);
    expect(it.html).toContain('{####}');
    expect(en.html).toContain('{####}');
  });
});
