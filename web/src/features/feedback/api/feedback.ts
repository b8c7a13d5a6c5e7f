import { z } from 'zod';
import type { SWRConfiguration } from 'swr';
import type { SWRInfiniteConfiguration } from 'swr/infinite';
import { apiRequest } from '../../../lib/api-client';
import { useUserPages, useUserRead } from '../../../lib/swr';

const feedbackSchema = z.object({
  id: z.string(),
  comment_date: z.string(),
  order_id: z.string(),
  asin: z.string().nullable(),
  rating: z.number(),
  comment: z.string(),
  is_fba: z.boolean().nullable(),
  keywords: z.array(z.string()),
  suggested_action: z.string(),
  suggested_reason: z.string().nullable(),
  suggested_reply: z.string().nullable(),
  removable: z.boolean(),
  marketplace: z.string().nullable(),
});

export type SellerFeedback = z.infer<typeof feedbackSchema>;

const pageSchema = z.object({
  items: z.array(feedbackSchema),
  total: z.number(),
  next_cursor: z.string().nullable(),
  demo: z.boolean(),
});

export type FeedbackPage = z.infer<typeof pageSchema>;

/**
 * `GET /api/feedback`: the seller's feedback filtered by marketplace (a domain or 'all') and
 * removability, 200 rows a page.
 */
export function useFeedbackList(
  filter: { marketplace: string; removableOnly: boolean },
  config?: SWRInfiniteConfiguration<FeedbackPage>,
) {
  const query: Record<string, string> = { marketplace: filter.marketplace, limit: '200' };
  if (filter.removableOnly) query.removable = 'true';
  return useUserPages('/feedback', query, pageSchema, (page) => page.next_cursor, config);
}

const importSchema = z.object({
  inserted: z.number(),
  message: z.string(),
  errors: z.array(z.object({ line: z.number(), error: z.string() })),
});

export type ImportResult = z.infer<typeof importSchema>;

/**
 * `POST /api/feedback-import-csv` as multipart form data (the one call of the app that is not
 * JSON); `apiRequest` adds the token, language and correlation id as for every other call.
 */
export function importFeedbackFile(file: File, marketplace: string): Promise<ImportResult> {
  const form = new FormData();
  form.append('marketplace', marketplace);
  form.append('file', file, file.name);
  return apiRequest('/feedback-import-csv', { method: 'POST', body: form, schema: importSchema });
}

const appealSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  has_reply_email: z.boolean(),
});

export type FeedbackAppeal = z.infer<typeof appealSchema>;

export function generateAppeal(feedbackId: string, language: 'it' | 'en'): Promise<FeedbackAppeal> {
  return apiRequest('/generate-feedback-appeal', {
    method: 'POST',
    body: { feedbackId, language },
    schema: appealSchema,
  });
}

const endpointSchema = z.object({
  marketplace: z.string(),
  reply_email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type CaseEndpoint = z.infer<typeof endpointSchema>;

const endpointsSchema = z.object({ endpoints: z.array(endpointSchema) });
export type CaseEndpoints = z.infer<typeof endpointsSchema>;

/** `GET /api/case-endpoints`: the seller's reply address per marketplace. */
export function useCaseEndpoints(config?: SWRConfiguration<CaseEndpoints>) {
  return useUserRead('/case-endpoints', endpointsSchema, config);
}

/** Saves the address, or deletes the setting when it is empty (spec 4.9). */
export function saveCaseEndpoint(
  marketplace: string,
  replyEmail: string,
): Promise<{ deleted: boolean; endpoint: CaseEndpoint | null }> {
  return apiRequest('/case-endpoints', {
    method: 'PUT',
    body: { marketplace, reply_email: replyEmail },
    schema: z.object({ deleted: z.boolean(), endpoint: endpointSchema.nullable() }),
  });
}
