import { paths } from '../paths';

/**
 * Where to go after signing in. Only a path of this site is accepted: an absolute or
 * protocol-relative URL in the query would turn the login page into an open redirect.
 */
export function safeRedirect(raw: string | null | undefined, fallback: string = paths.dashboard) {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return fallback;
  }
  try {
    const base = window.location.origin;
    const url = new URL(raw, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The `redirectTo` parameter of spec 2.1, or its `redirect` variant used by some links. */
export function redirectFromSearch(search: URLSearchParams): string {
  return safeRedirect(search.get('redirectTo') ?? search.get('redirect'));
}
