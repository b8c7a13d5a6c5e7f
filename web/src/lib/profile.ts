import { z } from 'zod';
import { apiRequest } from './api-client';
import { perUserCache, useUserQuery } from './use-user-query';

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

const profiles = perUserCache(() => apiRequest('/profile', { schema: profileSchema }));
const loadProfile = (userId: string) => profiles.load(userId);

export function useProfile() {
  return useUserQuery(loadProfile);
}

/** After a change to the profile (mode switch, say), the next reader fetches it again. */
export function invalidateProfile(): void {
  profiles.clear();
}
