import { getProfile } from '../adapters/dynamo/profiles';
import type { ProfileResponse } from '../domain/account/contract';
import { publicProfile } from '../domain/account/profile';
import { NotFoundError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/** `GET /api/profile`: the caller's own profile (spec 3 and 7.2). */
export const handler = httpHandler({}, async ({ userId, language }): Promise<ProfileResponse> => {
  const profile = await getProfile(userId);
  if (!profile) throw new NotFoundError(message('profileNotFound', language));
  return publicProfile(profile);
});
