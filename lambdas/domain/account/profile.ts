import type { Language } from '../language';
import { freeScanState, type FreeScanState } from '../sync/free-scan';
/** Profile modes (spec section 3); every new profile starts in the demo. */
export type ProfileMode = 'demo' | 'live';

/** The spec's `profiles` entity, plus the language the account emails go out in. */
export interface Profile {
  id: string;
  mode: ProfileMode;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  locale: Language;
  created_at: string;
  /** When the free first scan was taken (domain/sync/free-scan); absent while available. */
  free_scan_at?: string;
}

/** What `GET /api/profile` answers: the spec's fields, nothing internal. */
export type PublicProfile = Omit<Profile, 'locale' | 'free_scan_at'> & { free_scan: FreeScanState };

/**
 * Builds the profile of a newly confirmed account from its Cognito attributes (the sign-up
 * form's data), in demo mode.
 */
export function profileFromAttributes(
  attributes: Record<string, string | undefined>,
  now: Date,
): Profile {
  const id = attributes.sub;
  const email = attributes.email;
  if (!id || !email) throw new Error('A confirmed account always has a sub and an email');
  return {
    id,
    mode: 'demo',
    email: email.trim().toLowerCase(),
    first_name: attributes.given_name?.trim() ?? '',
    last_name: attributes.family_name?.trim() ?? '',
    phone: attributes.phone_number?.trim() ?? '',
    locale: attributes.locale === 'en' ? 'en' : 'it',
    created_at: now.toISOString(),
  };
}

export function publicProfile(profile: Profile): PublicProfile {
  return {
    id: profile.id,
    mode: profile.mode,
    email: profile.email,
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone,
    created_at: profile.created_at,
    free_scan: freeScanState(profile.free_scan_at),
  };
}
