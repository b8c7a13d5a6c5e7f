import { findUser, signOutEverywhere } from '../adapters/cognito';
import { markAccountDeleted } from '../adapters/dynamo/account-guard';
import { getProfile } from '../adapters/dynamo/profiles';
import { enqueueAccountDeletion } from '../adapters/sqs/account-queue';
import { deleteAccountRequestSchema } from '../domain/account/contract';
import { requestAccountDeletion } from '../domain/account/deletion';
import { httpHandler } from '../shared/http';
import { logger } from '../shared/logger';

const body = deleteAccountRequestSchema;

/**
 * `POST /api/delete-user-account` (spec 7.5): answers 202 at once, after ending the caller's
 * sessions and marking the account as being deleted; the files, table items and sign-in
 * identity are deleted by the account deletion worker from the account queue. Whose account is
 * decided by the token alone; the email in the body only confirms it.
 */
export const handler = httpHandler({ body, forDeletedAccount: true }, async ({ body, userId }) => {
  const queued = await requestAccountDeletion(
    { userId, email: body.email },
    {
      findEmail: async (id) => (await findUser(id))?.email ?? (await getProfile(id))?.email,
      endSessions: signOutEverywhere,
      markDeleting: (id) => markAccountDeleted(id),
      enqueueDeletion: enqueueAccountDeletion,
    },
  );
  logger.info('Account deletion requested', { queued });
  return { statusCode: 202, body: { ok: true } };
});
