import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { countFeedbackRows } from '../api/count-rows';
import { importFeedbackFile } from '../api/feedback';

/**
 * Spec 2.10 and 4.9: choose a file, see its name and row count (parsed in the browser), import
 * it into the filter's marketplace (Italy for All). A file that cannot be parsed is cleared.
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
  const [importing, setImporting] = useState(false);

  const clear = () => {
    setSelection(null);
    if (input.current) input.current.value = '';
  };

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
    setImporting(true);
    try {
      const result = await importFeedbackFile(selection.file, marketplace);
      if (result.inserted === 0) {
        notify.error({
          title: t('toast.noRecords'),
          description: result.message || t('toast.noRecordsHint'),
        });
      } else {
        notify.success({
          title: t('toast.imported', { count: result.inserted }),
          ...(result.errors.length > 0
            ? { description: t('toast.importedErrors', { count: result.errors.length }) }
            : {}),
        });
      }
      clear();
      onImported();
    } catch (error) {
      notify.error({
        title: t('toast.importError'),
        description: error instanceof Error ? error.message : undefined,
        error,
      });
    } finally {
      setImporting(false);
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
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".tsv,.txt,.csv,text/tab-separated-values,text/csv,text/plain"
            aria-describedby={`${id}-hint`}
            disabled={importing}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="mt-1 block text-sm text-slate-900 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
        </div>
        <Button
          onClick={() => void submit()}
          disabled={importing || !selection || selection.rows === 0}
        >
          {importing ? t('import.importing') : t('import.button')}
        </Button>
      </div>
      {selection ? (
        <p role="status" className="mt-3 text-sm text-slate-800" data-testid="import-selection">
          {t('import.parsed', { name: selection.file.name, count: selection.rows })}
        </p>
      ) : null}
    </section>
  );
}
