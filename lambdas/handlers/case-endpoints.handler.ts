import * as z from 'zod';
import {
  deleteCaseEndpoint,
  listCaseEndpoints,
  saveCaseEndpoint,
} from '../adapters/dynamo/case-endpoints';
import {
  ACCEPTED_REPLY_DOMAINS,
  isAcceptedReplyEmail,
  isFeedbackMarketplace,
} from '../domain/feedback/feedback-marketplaces';
import { ValidationError } from '../shared/errors';
import { httpHandler, parseJsonBody, type HttpRequest } from '../shared/http';
import { message } from '../shared/messages';
import type { Language } from '../domain/language';

const saveBody = z.object({
  marketplace: z.string().trim().min(1).max(40),
  reply_email: z.string().max(320).default(''),
});

function marketplaceOf(value: string | undefined, language: Language): string {
  if (!value || !isFeedbackMarketplace(value)) {
    throw new ValidationError(message('feedbackMarketplaceInvalid', language));
  }
  return value;
}

async function list({ userId }: HttpRequest<unknown>) {
  return {
    endpoints: await listCaseEndpoints(userId),
    accepted_domains: ACCEPTED_REPLY_DOMAINS,
  };
}

/**
 * Spec 4.9 and 7.3: a non-empty address is upserted per user and marketplace after the spec 5
 * check (email shape and one of the eight accepted domains); an empty one deletes the record.
 */
async function save({ event, userId, language }: HttpRequest<unknown>) {
  const body = parseJsonBody(saveBody, event);
  const marketplace = marketplaceOf(body.marketplace, language);
  const email = body.reply_email.trim();
  if (email === '') {
    await deleteCaseEndpoint(userId, marketplace);
    return { deleted: true, endpoint: null, message: message('endpointDeleted', language) };
  }
  if (!isAcceptedReplyEmail(email)) {
    throw new ValidationError(message('replyEmailInvalid', language), {
      reason: 'invalid_reply_email',
    });
  }
  const endpoint = await saveCaseEndpoint(userId, marketplace, email);
  return { deleted: false, endpoint, message: message('endpointSaved', language) };
}

async function remove({ event, userId, language }: HttpRequest<unknown>) {
  const marketplace = marketplaceOf(event.queryStringParameters?.marketplace, language);
  await deleteCaseEndpoint(userId, marketplace);
  return { deleted: true, endpoint: null, message: message('endpointDeleted', language) };
}

/** `GET | PUT | DELETE /api/case-endpoints`: the caller's reply addresses per marketplace. */
export const handler = httpHandler({}, async (request) => {
  switch (request.event.requestContext.http.method) {
    case 'PUT':
      return save(request);
    case 'DELETE':
      return remove(request);
    default:
      return list(request);
  }
});
