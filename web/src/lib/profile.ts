import { z } from 'zod';
import { revalidate, useUserRead } from './swr';

// Lenient on purpose: a new optional field or a missing phone must not hide the whole profile.
const profileSchema = z.object({
  id: z.string(),
  mode: z.string(),
  email: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  phone: z.string().nullish(),
  created_at: z.string().nullish(),
});

export type Profile = z.infer<typeof profileSchema>;

/** Spec 1 and 2.3: "live" and "real" are the same real-data mode; anything else is the demo. */
export function isRealMode(profile: Pick<Profile, 'mode'>): boolean {
  return profile.mode === 'live' || profile.mode === 'real';
}

/** `GET /api/profile` for the signed-in user. */
export function useProfile() {
  return useUserRead('/profile', profileSchema);
}

/** After a change to the profile (mode switch, say), every reader fetches it again. */
export function invalidateProfile(): Promise<unknown> {
  return revalidate('/profile');
}
