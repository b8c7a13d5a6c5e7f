/**
 * The one toast helper (spec: one toast visible at a time). Sonner loads on the first toast,
 * so pages that never show one never download it; toasts raised before its host mounts are
 * replayed by sonner when it subscribes.
 */
import { i18n } from '../i18n';

export type ToastInput = {
  title: string;
  description?: string;
  /** The failure behind an error toast; its correlation id is shown as "codice errore". */
  error?: unknown;
};

/**
 * The last failed API call's correlation id, so every error toast that follows it shows the
 * "codice errore" support looks up, even where the caller did not pass the error along.
 */
const RECENT_FAILURE_MS = 10_000;
let lastFailure: { code: string; at: number } | undefined;

/** Called by the API client for every failed call. */
export function noteFailedRequest(code: string): void {
  lastFailure = { code, at: Date.now() };
}

function correlationOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'correlationId' in error) {
    const { correlationId } = error as { correlationId?: unknown };
    if (typeof correlationId === 'string' && correlationId) return correlationId;
  }
  return undefined;
}

/** The code to show with an error toast: the given error's, else a failure of the last seconds. */
function errorCodeFor(error: unknown): string | undefined {
  const explicit = correlationOf(error);
  const recent =
    lastFailure && Date.now() - lastFailure.at <= RECENT_FAILURE_MS ? lastFailure.code : undefined;
  lastFailure = undefined;
  return explicit ?? recent;
}

/** "codice errore: K7QM-2XDP" (short form, i18n). */
export function errorCodeText(code: string): string {
  return i18n.t('common:toast.errorCode', { code });
}

let hostWanted = false;
const listeners = new Set<() => void>();

export function subscribeToToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastHostWanted(): boolean {
  return hostWanted;
}

function show(kind: 'success' | 'error', { title, description }: ToastInput): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast }) => {
    toast[kind](title, description ? { description } : undefined);
  });
}

export const notify = {
  success: (input: ToastInput) => show('success', input),
  /** The spec's "destructive" toast, with the "codice errore" of the failed call if any. */
  error: ({ error, ...input }: ToastInput) => {
    const code = errorCodeFor(error);
    if (!code) {
      show('error', input);
      return;
    }
    const codeText = errorCodeText(code);
    show('error', {
      ...input,
      description: input.description ? `${input.description} · ${codeText}` : codeText,
    });
  },
};
