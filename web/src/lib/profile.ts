import { revalidate, useUserRead } from './swr';

import { profileResponseSchema, type ProfileResponse } from '@domain/account/contract';

export type Profile = ProfileResponse;

/** Spec 1 and 2.3: "live" and "real" are the same real-data mode; anything else is the demo. */
export function isRealMode(profile: Pick<Profile, 'mode'>): boolean {
  return profile.mode === 'live' || profile.mode === 'real';
}

/** `GET /api/profile` for the signed-in user. */
export function useProfile() {
  return useUserRead('/profile', profileResponseSchema);
}

/** After a change to the profile (mode switch, say), every reader fetches it again. */
export function invalidateProfile(): Promise<unknown> {
  return revalidate('/profile');
}
