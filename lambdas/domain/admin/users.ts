/**
 * The admin user list (spec 6, 7.2; issue 9): search by part of the email or by full name,
 * case- and accent-insensitive. Pure: the adapter stores `searchText(profile)` on the profile's
 * listing item and filters on `contains(search_text, normaliseSearch(q))`.
 */

/** Lower case, accents stripped (è → e, ß stays), runs of spaces collapsed, trimmed. */
export function normaliseSearch(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text a profile is found by: the email, the full name both ways round ("Mario Rossi" and
 * "Rossi Mario"), separated by a character no query holds, so a query never matches across
 * two fields.
 */
export function searchText(profile: {
  email: string;
  first_name: string;
  last_name: string;
}): string {
  const first = normaliseSearch(profile.first_name);
  const last = normaliseSearch(profile.last_name);
  return [normaliseSearch(profile.email), `${first} ${last}`.trim(), `${last} ${first}`.trim()]
    .filter((part) => part.length > 0)
    .join('|');
}

/** A query worth filtering on: normalised, at most 100 characters, without the separator. */
export function searchQuery(q: string | undefined): string | undefined {
  const normalised = normaliseSearch((q ?? '').replace(/\|/g, ' ')).slice(0, 100);
  return normalised.length > 0 ? normalised : undefined;
}

export function fullName(profile: { first_name?: string; last_name?: string }): string {
  return [profile.first_name, profile.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Case counts by status for the details dialog, most frequent first. */
export function countByStatus(statuses: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}
