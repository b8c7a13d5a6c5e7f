import type * as z from 'zod';
import { message } from '../messages';
import type { Language } from '../language';
import type {
  CaseEndpoint,
  CaseEndpointsResponse,
  saveCaseEndpointRequest,
  SaveCaseEndpointResponse,
} from './contract-endpoints';
import { CaseRefused } from './refusals';
import {
  ACCEPTED_CASE_REPLY_DOMAINS,
  isAcceptedCaseReplyEmail,
  isReplyAddressMarketplace,
} from './reply-marketplaces';

export interface ReplyAddressStore {
  listCaseEndpoints(userId: string): Promise<CaseEndpoint[]>;
  saveCaseEndpoint(userId: string, marketplace: string, email: string): Promise<CaseEndpoint>;
  deleteCaseEndpoint(userId: string, marketplace: string): Promise<void>;
}

function marketplaceOf(value: string | undefined): string {
  if (!value || !isReplyAddressMarketplace(value)) throw new CaseRefused('marketplace_invalid');
  return value;
}

/** The caller's reply addresses, and the domains an address may have. */
export async function listReplyAddresses(
  store: ReplyAddressStore,
  userId: string,
): Promise<CaseEndpointsResponse> {
  return {
    endpoints: await store.listCaseEndpoints(userId),
    accepted_domains: ACCEPTED_CASE_REPLY_DOMAINS,
  };
}

/**
 * Spec 4.9 and 7.3: a non-empty address is upserted per user and marketplace (any marketplace
 * the wizard offers, and amazon.com) after the spec 5 check (email shape and an accepted
 * domain); an empty one deletes the record.
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
  if (!isAcceptedCaseReplyEmail(email)) throw new CaseRefused('invalid_reply_email');
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
