import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FileButton } from '../../../components/ui/file-button';
import { notify } from '../../../lib/toast';
import { countFeedbackRows } from '../api/count-rows';
import {
  isImportRunning,
  refreshFeedback,
  rememberedImport,
  rememberImport,
  startFeedbackImport,
  useFeedbackImport,
} from '../api/feedback';

/**
 * Spec 2.10 and 4.9: choose a file, see its name and row count (parsed in the browser), import
 * it into the filter's marketplace (Italy for All). A file that cannot be parsed is cleared.
 * Issue 18: the file is uploaded to storage and imported in the background; its progress (rows
 * read, stored, with errors) is shown while it runs, and the list refreshes as rows arrive.
 */
export function ImportPanel({
  marketplace,
  marketplaceLabel,
  onImported,
}: {
  marketplace: string;
  marketplaceLabel: string;
  onImported: () => void;
}) {
  const { t } = useTranslation('feedback');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [selection, setSelection] = useState<{ file: File; rows: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  // An import started before the seller left the page is followed again when they come back.
  const [importId, setImportId] = useState<string | null>(rememberedImport);
  const progress = useFeedbackImport(importId).data?.import;
  const running = uploading || isImportRunning(progress);
  const reported = useRef<string | null>(null);

  const clear = () => {
    setSelection(null);
    if (input.current) input.current.value = '';
  };

  // The page's callback changes with each render; the effects below call the latest one.
  const refreshList = useRef(onImported);
  useEffect(() => {
    refreshList.current = onImported;
  }, [onImported]);

  // Rows appear in the list as batches are stored; the end is announced once.
  const stored = progress?.rows_stored ?? 0;
  useEffect(() => {
    if (stored > 0) refreshList.current();
  }, [stored]);
  useEffect(() => {
    if (!progress || isImportRunning(progress) || reported.current === progress.id) return;
    reported.current = progress.id;
    if (progress.status === 'failed') {
      notify.error({ title: t('toast.importError'), description: t('toast.noRecordsHint') });
    } else if (progress.rows_stored === 0) {
      notify.error({ title: t('toast.noRecords'), description: t('toast.noRecordsHint') });
    } else {
      notify.success({
        title: t('toast.imported', { count: progress.rows_stored }),
        ...(progress.row_errors > 0
          ? { description: t('toast.importedErrors', { count: progress.row_errors }) }
          : {}),
      });
    }
    refreshList.current();
    void refreshFeedback();
    rememberImport(null);
  }, [progress, t]);

  const choose = async (file: File | undefined) => {
    if (!file) {
      clear();
      return;
    }
    try {
      setSelection({ file, rows: await countFeedbackRows(file) });
    } catch {
      clear();
      notify.error({ title: t('toast.parseError') });
    }
  };

  const submit = async () => {
    if (!selection) return;
    setUploading(true);
    try {
      const started = await startFeedbackImport(selection.file, marketplace);
      setImportId(started.id);
      rememberImport(started.id);
      clear();
    } catch (error) {
      notify.error({
        title: t('toast.importError'),
        description: error instanceof Error ? error.message : undefined,
        error,
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('import.title')}
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {t('import.hint', { marketplace: marketplaceLabel })}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-900">
            {t('import.fileLabel')}
          </label>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <FileButton
              ref={input}
              id={`${id}-file`}
              accept=".tsv,.txt,.csv,text/tab-separated-values,text/csv,text/plain"
              describedBy={`${id}-hint ${id}-chosen`}
              disabled={running}
              onChange={(event) => void choose(event.target.files?.[0])}
            >
              {t('import.choose')}
            </FileButton>
            <span id={`${id}-chosen`} className="text-sm text-slate-700">
              {selection ? selection.file.name : t('import.noFile')}
            </span>
          </div>
        </div>
        <Button
          onClick={() => void submit()}
          disabled={running || !selection || selection.rows === 0}
        >
          {running ? t('import.importing') : t('import.button')}
        </Button>
      </div>
      {selection ? (
        <p role="status" className="mt-3 text-sm text-slate-800" data-testid="import-selection">
          {t('import.parsed', { name: selection.file.name, count: selection.rows })}
        </p>
      ) : null}
      {progress ? (
        <div role="status" className="mt-3 text-sm text-slate-800" data-testid="import-progress">
          <p className="font-medium">
            {t(`import.status.${progress.status}`, { name: progress.file_name })}
          </p>
          <p>
            {t('import.progress', {
              read: progress.rows_read,
              stored: progress.rows_stored,
              errors: progress.row_errors,
            })}
          </p>
          {progress.errors.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-slate-700" data-testid="import-errors">
              {progress.errors.slice(0, 5).map((e) => (
                <li key={e.line}>{t('import.rowError', { line: e.line })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
