import { deleteUser, findUser, signOutEverywhere } from '../adapters/cognito';
import { deleteUserDocuments } from '../adapters/documents';
import { getProfile } from '../adapters/dynamo/profiles';
import { deleteUserItems } from '../adapters/dynamo/user-items';
import { deleteAccountRequestSchema } from '../domain/account/contract';
import { deleteAccount } from '../domain/account/deletion';
import { httpHandler } from '../shared/http';
import { logger } from '../shared/logger';

const body = deleteAccountRequestSchema;

/**
 * `POST /api/delete-user-account` (spec 7.5): deletes the caller's account, files and data.
 * Whose account is decided by the token alone; the email in the body only confirms it.
 */
export const handler = httpHandler({ body, forDeletedAccount: true }, async ({ body, userId }) => {
  const deleted = await deleteAccount(
    { userId: userId, email: body.email },
    {
      findEmail: async (id) => (await findUser(id))?.email ?? (await getProfile(id))?.email,
      endSessions: signOutEverywhere,
      deleteDocuments: async (id) => {
        const count = await deleteUserDocuments(id);
        logger.info('Documents deleted', { count });
      },
      deleteTableItems: deleteUserItems,
      deleteUser,
    },
  );
  logger.info('Account deletion finished', { deleted });
  return { ok: true };
});
