/** The page the spec sends a signed-in user to when no other was asked for (section 9). */
export const DEFAULT_REDIRECT = '/dashboard';

/**
 * Keeps a post-sign-in destination only when it is a path on this site: it must start with a
 * single `/`, so `//evil.example` (protocol-relative), `/\evil.example` (which browsers read as
 * `//`), absolute URLs and `javascript:` never survive. Control characters and whitespace are
 * refused because browsers strip them before parsing, which can turn a harmless-looking value
 * into one of the above. Returns undefined when the value must be dropped.
 */
export function sanitizeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length === 0 || value.length > 512) return undefined;
  if (!value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return undefined;
  try {
    // Resolving against a placeholder origin catches anything that would leave the site.
    const base = 'https://same-site.invalid';
    if (new URL(value, base).origin !== base) return undefined;
  } catch {
    return undefined;
  }
  return value;
}
