/**
 * A feedback export imported the way the feedback page does it: a presigned upload, the start
 * of the background import, then its progress polled until it ends. Shared by the integration
 * tests, the browser journeys' API set-up and the load bench.
 */
export interface FeedbackImportView {
  id: string;
  status: 'awaiting_upload' | 'queued' | 'running' | 'done' | 'failed';
  rows_read: number;
  rows_stored: number;
  row_errors: number;
  errors: { line: number; error: string }[];
  failure: string | null;
}

export interface FeedbackUploadResult {
  /** The first refusal's status (upload-url or start), or 200 once the import ended. */
  status: number;
  body: Record<string, unknown>;
  import?: FeedbackImportView;
}

async function call(
  apiUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export async function uploadFeedbackExport(
  apiUrl: string,
  token: string,
  content: string | Uint8Array,
  options: { name?: string; marketplace?: string; timeoutMs?: number; wait?: boolean } = {},
): Promise<FeedbackUploadResult> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  const url = await call(apiUrl, token, 'POST', '/api/feedback-import/upload-url', {
    fileName: options.name ?? 'feedback.tsv',
    size: bytes.length,
    marketplace: options.marketplace ?? 'all',
  });
  if (url.status !== 200) return url;
  const put = await fetch(url.body.uploadUrl as string, {
    method: 'PUT',
    headers: url.body.headers as Record<string, string>,
    body: bytes,
  });
  if (!put.ok) throw new Error(`the presigned PUT answered ${put.status}`);
  const id = (url.body.import as FeedbackImportView).id;
  const started = await call(apiUrl, token, 'POST', `/api/feedback-import/${id}/start`);
  if (started.status !== 202) return started;
  if (options.wait === false) {
    return { ...started, import: started.body.import as FeedbackImportView };
  }
  return waitForFeedbackImport(apiUrl, token, id, options.timeoutMs);
}

/** Polls an import's progress until it is done or failed. */
export async function waitForFeedbackImport(
  apiUrl: string,
  token: string,
  id: string,
  timeoutMs = 120_000,
): Promise<FeedbackUploadResult> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(apiUrl, token, 'GET', `/api/feedback-import/${id}`);
    const view = res.body.import as FeedbackImportView | undefined;
    if (res.status !== 200 || !view) return res;
    if (view.status === 'done' || view.status === 'failed') {
      return {
        status: 200,
        body: { inserted: view.rows_stored, errors: view.errors, import: view },
        import: view,
      };
    }
    if (Date.now() > until) throw new Error(`feedback import ${id} still ${view.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
