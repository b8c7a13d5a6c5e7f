import { sanitizeRedirect } from './redirect';

describe('sanitizeRedirect', () => {
  it.each(['/dashboard', '/connect-amazon', '/documents?shipment=FBA1#top', '/a/b/c'])(
    'keeps the same-site path %p',
    (path) => {
      expect(sanitizeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash that browsers read as a slash', '/\\evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'dashboard'],
    ['tab inside (stripped by browsers)', '/\t/evil.example'],
    ['newline', '/dash\nboard'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(600)}`],
    ['not a string', 42],
  ])('drops a %s', (_, value) => {
    expect(sanitizeRedirect(value)).toBeUndefined();
  });
});
