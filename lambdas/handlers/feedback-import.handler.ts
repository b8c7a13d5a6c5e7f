import * as z from 'zod';
import {
  feedbackImportView,
  ownFeedbackImport,
  requestFeedbackUpload,
  startFeedbackImport,
} from '../domain/feedback/imports';
import { NotFoundError } from '../shared/errors';
import { httpHandler, parseJsonBody } from '../shared/http';
import { message } from '../shared/messages';
import { feedbackImportDeps as deps } from '../wiring/feedback-imports';

/**
 * Feedback exports of any size (issue 18, spec 7.5; `domain/feedback/imports.ts`):
 * `POST /api/feedback-import/upload-url` ({ fileName, size, marketplace }) gives a presigned PUT
 * for the file; `POST /api/feedback-import/{id}/start` queues the background import once the
 * file is uploaded; `GET /api/feedback-import/{id}` answers its progress (rows read, stored, row
 * errors). Contract: `domain/feedback/contract.ts`.
 */
export const handler = httpHandler({}, async ({ event, userId, language }) => {
  const id = event.pathParameters?.id;
  switch (event.routeKey) {
    case 'POST /api/feedback-import/upload-url':
      return requestFeedbackUpload(userId, parseJsonBody(z.unknown(), event), language, deps);
    case 'POST /api/feedback-import/{id}/start': {
      const started = await startFeedbackImport(userId, id, deps);
      const body = { import: started, message: message('feedbackImportQueued', language) };
      return { statusCode: 202, body };
    }
    case 'GET /api/feedback-import/{id}':
      return { import: feedbackImportView(await ownFeedbackImport(userId, id, deps)) };
    default:
      throw new NotFoundError('No such route');
  }
});
