/**
 * The one toast helper (spec: one toast visible at a time). Sonner loads on the first toast,
 * so pages that never show one never download it; toasts raised before its host mounts are
 * replayed by sonner when it subscribes.
 */
export type ToastInput = {
  title: string;
  description?: string;
};

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
  /** The spec's "destructive" toast. */
  error: (input: ToastInput) => show('error', input),
};
