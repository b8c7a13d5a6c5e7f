import type * as z from 'zod';
import { message } from '../../shared/messages';
import {
  ACCEPTED_REPLY_DOMAINS,
  isAcceptedReplyEmail,
  isFeedbackMarketplace,
} from '../feedback/feedback-marketplaces';
import type { Language } from '../language';
import type {
  CaseEndpoint,
  CaseEndpointsResponse,
  saveCaseEndpointRequest,
  SaveCaseEndpointResponse,
} from './contract-endpoints';
import { CaseRefused } from './refusals';

export interface ReplyAddressStore {
  listCaseEndpoints(userId: string): Promise<CaseEndpoint[]>;
  saveCaseEndpoint(userId: string, marketplace: string, email: string): Promise<CaseEndpoint>;
  deleteCaseEndpoint(userId: string, marketplace: string): Promise<void>;
}

function marketplaceOf(value: string | undefined): string {
  if (!value || !isFeedbackMarketplace(value)) throw new CaseRefused('marketplace_invalid');
  return value;
}

/** The caller's reply addresses, and the domains an address may have. */
export async function listReplyAddresses(
  store: ReplyAddressStore,
  userId: string,
): Promise<CaseEndpointsResponse> {
  return {
    endpoints: await store.listCaseEndpoints(userId),
    accepted_domains: ACCEPTED_REPLY_DOMAINS,
  };
}

/**
 * Spec 4.9 and 7.3: a non-empty address is upserted per user and marketplace after the spec 5
 * check (email shape and one of the eight accepted domains); an empty one deletes the record.
 */
export async function saveReplyAddress(
  store: ReplyAddressStore,
  userId: string,
  body: z.output<typeof saveCaseEndpointRequest>,
  language: Language,
): Promise<SaveCaseEndpointResponse> {
  const marketplace = marketplaceOf(body.marketplace);
  const email = body.reply_email.trim();
  if (email === '') return removeReplyAddress(store, userId, marketplace, language);
  if (!isAcceptedReplyEmail(email)) throw new CaseRefused('invalid_reply_email');
  const endpoint = await store.saveCaseEndpoint(userId, marketplace, email);
  return { deleted: false, endpoint, message: message('endpointSaved', language) };
}

export async function removeReplyAddress(
  store: ReplyAddressStore,
  userId: string,
  marketplace: string | undefined,
  language: Language,
): Promise<SaveCaseEndpointResponse> {
  await store.deleteCaseEndpoint(userId, marketplaceOf(marketplace));
  return { deleted: true, endpoint: null, message: message('endpointDeleted', language) };
}
