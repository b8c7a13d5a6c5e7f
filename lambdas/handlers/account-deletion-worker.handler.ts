import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deleteUser, findUser } from '../adapters/cognito';
import { deleteUserDocuments } from '../adapters/documents';
import { getProfile } from '../adapters/dynamo/profiles';
import { deleteUserItems } from '../adapters/dynamo/user-items';
import { finishAccountDeletion } from '../domain/account/deletion';
import { parseAccountMessage } from '../shared/job-messages';
import { logger } from '../shared/logger';

async function processLogged(record: SQSRecord): Promise<void> {
  try {
    const { userId } = parseAccountMessage(record.body);
    const deleted = await finishAccountDeletion(userId, {
      findEmail: async (id) => (await findUser(id))?.email ?? (await getProfile(id))?.email,
      deleteDocuments: async (id) => {
        logger.info('Documents deleted', { count: await deleteUserDocuments(id) });
      },
      deleteTableItems: deleteUserItems,
      deleteUser,
    });
    logger.info('Account deletion finished', { deleted });
  } catch (error) {
    logger.error('Account deletion failed', { messageId: record.messageId, error: error as Error });
    throw error;
  }
}

/**
 * The account queue's consumer (`finishAccountDeletion` in domain/account/deletion.ts): deletes
 * the files, table items and sign-in identity of an account whose deletion was asked for. Every
 * step is idempotent, so a message delivered twice is harmless; a failed one comes back after
 * the visibility timeout and, after five deliveries, waits in the dead-letter queue.
 */
export const handler = middy(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
  processPartialResponse(event, processLogged, new BatchProcessor(EventType.SQS), {
    context,
    processInParallel: false,
  }),
).use(injectLambdaContext(logger, { clearState: true }));
