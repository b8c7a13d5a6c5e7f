import { useTranslation } from 'react-i18next';
import type { SWRConfiguration } from 'swr';
import type { SWRInfiniteConfiguration } from 'swr/infinite';
import { ApiError, ApiNetworkError, apiRequest } from '../../../lib/api-client';
import { getSessionState } from '../../../lib/auth/session-store';
import { revalidate, useUserPages, useUserRead } from '../../../lib/swr';
import { toLanguage, type Language } from '../../../i18n/languages';
import {
  caseEndpointsResponse,
  saveCaseEndpointResponse,
  type CaseEndpoint,
  type CaseEndpointsResponse,
  type SaveCaseEndpointRequest,
  type SaveCaseEndpointResponse,
} from '@domain/cases/contract-endpoints';
import {
  feedbackAppealSchema,
  feedbackImportResponseSchema,
  feedbackPageSchema,
  feedbackUploadResponseSchema,
  type FeedbackAppeal,
  type FeedbackImport,
  type FeedbackPage,
} from '@domain/feedback/contract';

export type {
  FeedbackAppeal,
  FeedbackImport,
  FeedbackPage,
  FeedbackRow as SellerFeedback,
} from '@domain/feedback/contract';

/**
 * `GET /api/feedback`: the seller's feedback filtered by marketplace (a domain or 'all') and
 * removability, 50 rows (and under 100 KB) a page; "Show more" reads the next. The rows' reasons
 * come in the page's language: the list is read again when it changes.
 */
export function useFeedbackList(
  filter: { marketplace: string; removableOnly: boolean },
  config?: SWRInfiniteConfiguration<FeedbackPage>,
) {
  const { i18n } = useTranslation();
  const query: Record<string, string> = {
    marketplace: filter.marketplace,
    limit: '50',
    lang: toLanguage(i18n.resolvedLanguage),
  };
  if (filter.removableOnly) query.removable = 'true';
  return useUserPages('/feedback', query, feedbackPageSchema, (page) => page.next_cursor, config);
}

/** Whether an import still has work ahead (its progress is polled meanwhile). */
export function isImportRunning(job: FeedbackImport | undefined): boolean {
  return job?.status === 'queued' || job?.status === 'running' || job?.status === 'awaiting_upload';
}

/**
 * Issue 18: the server signs a PUT for the file, the browser sends the bytes straight to
 * storage, then the server queues the background import. Resolves with the queued import.
 */
export async function startFeedbackImport(
  file: File,
  marketplace: string,
): Promise<FeedbackImport> {
  const signed = await apiRequest('/feedback-import/upload-url', {
    method: 'POST',
    body: { fileName: file.name, size: file.size, marketplace },
    schema: feedbackUploadResponseSchema,
  });
  let put: Response;
  try {
    // Content-Length is set by the browser from the body, which is the file the server signed.
    put = await fetch(signed.uploadUrl, {
      method: signed.method,
      headers: { 'Content-Type': signed.headers['Content-Type'] ?? 'text/plain' },
      body: file,
    });
  } catch (error) {
    throw new ApiNetworkError(error instanceof Error ? error.message : String(error));
  }
  if (!put.ok) throw new ApiError(put.status, 'upload_failed', put.statusText);
  const started = await apiRequest(`/feedback-import/${signed.import.id}/start`, {
    method: 'POST',
    schema: feedbackImportResponseSchema,
  });
  return started.import;
}

/**
 * The import this tab started last, with its user: the import runs in the background, so a
 * seller who leaves the page and comes back finds its progress again, and the list still
 * follows it to the end.
 */
let startedImport: { userId: string; id: string } | null = null;

export function rememberImport(id: string | null): void {
  const userId = getSessionState().session?.userId;
  startedImport = id && userId ? { userId, id } : null;
}

export function rememberedImport(): string | null {
  const userId = getSessionState().session?.userId;
  return startedImport && startedImport.userId === userId ? startedImport.id : null;
}

/**
 * An import finished: every feedback list read (each filter, every page loaded) and its count
 * are read again, not only the one on screen.
 */
export function refreshFeedback(): Promise<unknown> {
  return revalidate('/feedback');
}

/** `GET /api/feedback-import/{id}`: an import's progress, polled every second while it runs. */
export function useFeedbackImport(id: string | null) {
  return useUserRead(id ? `/feedback-import/${id}` : null, feedbackImportResponseSchema, {
    refreshInterval: (latest) => (isImportRunning(latest?.import) ? 1000 : 0),
  });
}

export function generateAppeal(feedbackId: string, language: Language): Promise<FeedbackAppeal> {
  return apiRequest('/generate-feedback-appeal', {
    method: 'POST',
    body: { feedbackId, language },
    schema: feedbackAppealSchema,
  });
}

export type { CaseEndpoint };
export type CaseEndpoints = CaseEndpointsResponse;

/** `GET /api/case-endpoints`: the seller's reply address per marketplace. */
export function useCaseEndpoints(config?: SWRConfiguration<CaseEndpoints>) {
  return useUserRead('/case-endpoints', caseEndpointsResponse, config);
}

/** Saves the address, or deletes the setting when it is empty (spec 4.9). */
export function saveCaseEndpoint(
  marketplace: string,
  replyEmail: string,
): Promise<SaveCaseEndpointResponse> {
  return apiRequest('/case-endpoints', {
    method: 'PUT',
    body: { marketplace, reply_email: replyEmail } satisfies SaveCaseEndpointRequest,
    schema: saveCaseEndpointResponse,
  });
}
