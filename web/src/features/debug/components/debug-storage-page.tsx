import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FileButton } from '../../../components/ui/file-button';
import { useSession } from '../../../lib/auth/use-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DOCUMENT_BUCKET, StepFailed, call, messageOf, putToSignedUrl } from '../api/qa';
import { pause, timed } from '../use-test-runner';

const STEPS = ['upload', 'list', 'download', 'delete'] as const;
type Step = (typeof STEPS)[number];
/** Spec 2.12: pending, success or error (and running while a step runs). */
type StepStatus = 'pending' | 'running' | 'success' | 'error';
type StepState = { status: StepStatus; durationMs: number | null; body: unknown };

const STEP_PAUSE_MS = 500;
const pathQuery = (path: string) => new URLSearchParams({ path }).toString();
const ACCEPT = 'application/pdf,image/png,image/jpeg';
const tones: Record<StepStatus, string> = {
  pending: 'bg-slate-100 text-slate-800',
  running: 'bg-amber-100 text-amber-900',
  success: 'bg-brand-100 text-brand-900',
  error: 'bg-red-100 text-red-900',
};

const initial = Object.fromEntries(
  STEPS.map((s) => [s, { status: 'pending', durationMs: null, body: null }]),
) as Record<Step, StepState>;

/** `/debug/storage` (spec 2.12): upload, list, signed download and delete on the caller's files. */
export function DebugStoragePage() {
  const { t } = useTranslation('debug');
  useDocumentTitle(t('storage.metaTitle'));
  const { session } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [steps, setSteps] = useState(initial);
  const [busy, setBusy] = useState(false);
  /** The debug path of the last upload: download and delete need one (spec 5). */
  const uploaded = useRef<string | null>(null);
  const fileId = useId();

  const set = (step: Step, state: StepState) => setSteps((s) => ({ ...s, [step]: state }));

  async function runStep(step: Step): Promise<boolean> {
    const records: { step: string; status: number; body: unknown }[] = [];
    set(step, { status: 'running', durationMs: null, body: null });
    const outcome = await timed(() => STEP_RUNNERS[step](records));
    set(step, {
      status: outcome.ok ? 'success' : 'error',
      durationMs: outcome.durationMs,
      body: outcome.ok
        ? { result: outcome.result, calls: records }
        : {
            error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
            calls: records,
          },
    });
    return outcome.ok;
  }

  const requireUploaded = () => {
    if (!uploaded.current) throw new StepFailed(t('storage.uploadFirst'));
    return uploaded.current;
  };

  const STEP_RUNNERS: Record<
    Step,
    (records: { step: string; status: number; body: unknown }[]) => Promise<unknown>
  > = {
    upload: async (records) => {
      // Spec 5: a file must be chosen first.
      if (!file) throw new StepFailed(t('storage.noFile'));
      try {
        const signed = await call(records, 'upload-url', '/debug/storage', {
          method: 'POST',
          body: { fileName: file.name, size: file.size },
        });
        if (signed.status !== 200) {
          throw new StepFailed(messageOf(signed.body) || `HTTP ${signed.status}`);
        }
        const path = await putToSignedUrl(records, signed.body, file, file.type);
        uploaded.current = path;
        return { path };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StepFailed(t('storage.uploadFailed', { message: reason }));
      }
    },
    list: async (records) => {
      const path = requireUploaded();
      const listed = await call(records, 'list', '/debug/storage');
      if (listed.status !== 200)
        throw new StepFailed(`list ${listed.status}: ${messageOf(listed.body)}`);
      const files = (listed.body as { files?: { path: string }[] }).files ?? [];
      if (!files.some((f) => f.path === path)) throw new StepFailed(t('storage.notListed'));
      return { count: files.length };
    },
    download: async (records) => {
      const path = requireUploaded();
      const signed = await call(records, 'download-url', `/debug/storage?${pathQuery(path)}`);
      if (signed.status !== 200)
        throw new StepFailed(`download-url ${signed.status}: ${messageOf(signed.body)}`);
      const { url } = signed.body as { url: string };
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      records.push({ step: 'storage GET', status: response.status, body: { bytes: bytes.length } });
      if (!response.ok || bytes.length === 0)
        throw new StepFailed(`${t('storage.downloadFailed')} ${response.status}`);
      return { bytes: bytes.length, contentType: response.headers.get('content-type') };
    },
    delete: async (records) => {
      const path = requireUploaded();
      const removed = await call(records, 'delete', `/debug/storage?${pathQuery(path)}`, {
        method: 'DELETE',
      });
      if (removed.status !== 200)
        throw new StepFailed(`delete ${removed.status}: ${messageOf(removed.body)}`);
      uploaded.current = null;
      return removed.body;
    },
  };

  const runOne = async (step: Step) => {
    setBusy(true);
    await runStep(step);
    setBusy(false);
  };

  const runAll = async () => {
    setBusy(true);
    setSteps(initial);
    for (const [index, step] of STEPS.entries()) {
      if (index > 0) await pause(STEP_PAUSE_MS);
      if (!(await runStep(step))) break;
    }
    setBusy(false);
  };

  return (
    <section
      aria-labelledby={`${fileId}-title`}
      className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6"
    >
      <h1 id={`${fileId}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {t('storage.title')}
      </h1>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{t('storage.userId')}</dt>
        <dd className="font-mono" data-testid="debug-user-id">
          {session?.userId}
        </dd>
        <dt className="font-medium text-slate-700">{t('storage.bucket')}</dt>
        <dd className="font-mono">{DOCUMENT_BUCKET}</dd>
      </dl>
      <div className="mt-6">
        <div className="flex flex-wrap items-center gap-3">
          <FileButton
            id={fileId}
            accept={ACCEPT}
            describedBy={`${fileId}-chosen`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          >
            {t('storage.pick')}
          </FileButton>
          <span id={`${fileId}-chosen`} className="text-sm text-slate-700">
            {file ? file.name : t('storage.noFile')}
          </span>
        </div>
        <p className="mt-1 text-xs text-slate-600">
          {t('storage.pickHint', { path: `${session?.userId ?? ''}/{timestamp}-{filename}` })}
        </p>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {STEPS.map((step) => (
          <Button key={step} variant="secondary" disabled={busy} onClick={() => void runOne(step)}>
            {t(`storage.steps.${step}`)}
          </Button>
        ))}
        <Button disabled={busy} onClick={() => void runAll()}>
          {t('runAll')}
        </Button>
      </div>
      <ol className="mt-6 space-y-3">
        {STEPS.map((step) => (
          <li
            key={step}
            className="rounded-xl border border-slate-200 bg-white p-4"
            data-testid={`storage-step-${step}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="font-semibold text-slate-900">{t(`storage.steps.${step}`)}</h2>
              <span aria-live="polite" className="flex items-center gap-3">
                <span
                  data-status={steps[step].status}
                  className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[steps[step].status]}`}
                >
                  {t(`storage.status.${steps[step].status}`)}
                </span>
                {steps[step].durationMs !== null ? (
                  <span className="text-xs text-slate-700">
                    {t('duration', { ms: steps[step].durationMs })}
                  </span>
                ) : null}
              </span>
            </div>
            {steps[step].body !== null ? (
              <pre className="mt-2 max-h-60 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
                {JSON.stringify(steps[step].body, null, 2)}
              </pre>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
