import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDocument, CaseRole, DocType, DocumentWarning } from '@domain/cases/contract';
import { Button } from '../../../components/ui/button';
import { FileButton } from '../../../components/ui/file-button';
import { Dialog } from '../../../components/ui/dialog';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { deleteDocument, downloadDocument, uploadDocument } from '../api/documents';
import { acceptedFormatsLabel } from '@domain/cases/document-formats';
import { acceptedExtensions, checkFile, visibleWarnings } from '../document-rules';
import { serverMessage } from '../submit-errors';

type Props = {
  shipmentId: string;
  docType: DocType;
  required: boolean;
  role: CaseRole | undefined;
  locked: boolean;
  documents: CaseDocument[];
  /** After an upload (with the document the server confirmed) or a delete. */
  onChanged: (uploaded?: CaseDocument) => void | Promise<void>;
  /** The section's heading level where it sits (the sheet has no h3 above it). */
  headingLevel?: 'h3' | 'h4';
  /** Extra fields of this type shown inside its box (the sheet's notes). */
  children?: ReactNode;
};

function DocumentRow({
  document,
  locked,
  onDelete,
  uploadWarnings,
}: {
  document: CaseDocument;
  locked: boolean;
  onDelete: (document: CaseDocument) => void;
  /** What the reader said when this tab uploaded the file (the list may not repeat them). */
  uploadWarnings: DocumentWarning[] | undefined;
}) {
  const { t } = useTranslation('cases');
  const format = useFormatters();
  const [downloading, setDownloading] = useState(false);
  const reading = document.reading;
  const warnings = visibleWarnings(
    document.warnings.length > 0 ? document.warnings : (uploadWarnings ?? []),
    reading !== null,
  );

  async function download() {
    setDownloading(true);
    try {
      await downloadDocument(document.id);
    } catch (error) {
      notify.error({
        title: t('docs.downloadError'),
        description: serverMessage(error, t('docs.downloadError')),
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="case-document">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{document.filename}</p>
          <p className="text-sm text-slate-600">
            {t('docs.size', { size: format.number(Math.max(1, Math.round(document.size / 1024))) })}
            {' · '}
            {format.date(document.created_at)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void download()}
            disabled={downloading}
            aria-label={t('docs.downloadNamed', { name: document.filename })}
          >
            {t('docs.download')}
          </Button>
          {locked ? null : (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onDelete(document)}
              aria-label={t('docs.deleteNamed', { name: document.filename })}
            >
              {t('docs.delete')}
            </Button>
          )}
        </div>
      </div>
      {document.reading_pending ? (
        <p className="mt-2 text-sm text-slate-700" role="status" data-testid="document-reading">
          {t('quality.reading')}
        </p>
      ) : null}
      {reading ? (
        <div className="mt-2 text-sm">
          <p
            className={
              reading.quality === 'ok'
                ? 'text-green-800'
                : reading.quality === 'low'
                  ? 'text-amber-900'
                  : 'text-red-800'
            }
            data-testid="document-quality"
          >
            {t(`quality.${reading.quality}`)}
          </p>
          {reading.invoices.map((invoice, index) => (
            <p key={`${invoice.number ?? ''}-${index}`} className="text-slate-700">
              {t(reading.kind === 'ddt' ? 'quality.packingListSummary' : 'quality.invoiceSummary', {
                number: invoice.number ?? t('shipment.notAvailable'),
                date: invoice.date ? format.date(invoice.date) : t('shipment.notAvailable'),
              })}
              {invoice.lines > 0 ? ` · ${t('quality.lines', { count: invoice.lines })}` : ''}
              {invoice.supplier ? ` · ${invoice.supplier}` : ''}
              {invoice.ocr_confidence !== undefined ? ` · ${t('quality.ocrRead')}` : ''}
              {invoice.unsure?.length ? (
                <strong className="text-amber-900" data-testid="document-unsure">
                  {` · ${t('quality.ocrToVerify', {
                    fields: invoice.unsure.map((f) => t(`quality.ocrField.${f}`)).join(', '),
                  })}`}
                </strong>
              ) : null}
            </p>
          ))}
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-amber-900" data-testid="document-warnings">
          {warnings.map((warning, index) => (
            <li key={`${warning.code}-${index}`}>{warning.message}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * One attachment type of spec 2.8 / 5: its files with download and delete (after a
 * confirmation), and the upload control. Uploads and deletes stop once the case is locked.
 */
export function DocumentTypeSection({
  shipmentId,
  docType,
  required,
  role,
  locked,
  documents,
  onChanged,
  headingLevel: Heading = 'h4',
  children,
}: Props) {
  const { t } = useTranslation('cases');
  const inputId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | undefined>(undefined);
  const [pendingDelete, setPendingDelete] = useState<CaseDocument | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const [uploadWarnings, setUploadWarnings] = useState<Record<string, DocumentWarning[]>>({});
  const label = t(`docType.${docType}`);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!role) {
      notify.error({ title: t('role.required'), description: t('role.requiredText') });
      return;
    }
    const problem = checkFile(file, docType);
    if (problem === 'too_large') {
      notify.error({ title: t('docs.tooLarge'), description: t('docs.tooLargeText') });
      return;
    }
    if (problem === 'bad_format') {
      notify.error({
        title: t('docs.badFormat'),
        description:
          docType === 'foto_pacco'
            ? t('docs.photoFormatText', { formats: acceptedFormatsLabel(docType) })
            : t('docs.badFormatText', { formats: acceptedFormatsLabel(docType) }),
      });
      return;
    }
    setUploading(file.name);
    try {
      const { document } = await uploadDocument({ shipmentId, role, docType, file });
      setUploadWarnings((current) => ({ ...current, [document.id]: document.warnings }));
      notify.success({ title: t('docs.uploaded'), description: file.name });
      await onChanged(document);
    } catch (error) {
      notify.error({
        title: t('docs.uploadError'),
        description: serverMessage(error, t('docs.uploadErrorText')),
      });
    } finally {
      setUploading(undefined);
    }
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteDocument(pendingDelete.id);
      notify.success({ title: t('docs.deleted') });
      setPendingDelete(undefined);
      await onChanged();
    } catch (error) {
      notify.error({
        title: t('docs.deleteError'),
        description: serverMessage(error, t('docs.deleteError')),
      });
    } finally {
      setDeleting(false);
    }
  }

  const accept = acceptedExtensions(docType)
    .map((extension) => `.${extension}`)
    .join(',');

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-doc-type={docType}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`${inputId}-heading`} className="font-semibold">
          {label}{' '}
          <span className="text-sm font-normal text-slate-700">
            ({required ? t('sheet.required') : t('sheet.optional')})
          </span>
        </Heading>
        {locked ? null : (
          <>
            <FileButton
              ref={input}
              id={inputId}
              accept={accept}
              size="sm"
              disabled={uploading !== undefined}
              describedBy={statusId}
              onChange={(event) => void onFile(event)}
            >
              {t('docs.choose', { type: label })}
            </FileButton>
          </>
        )}
      </div>
      <p id={statusId} role="status" className="mt-1 text-sm text-slate-700">
        {uploading
          ? t('docs.uploading', { name: uploading })
          : t('docs.formats', { formats: acceptedFormatsLabel(docType) })}
      </p>
      {uploading ? (
        <progress
          className="mt-2 h-2 w-full"
          aria-label={t('docs.uploading', { name: uploading })}
        />
      ) : null}
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('docs.none')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {documents.map((document) => (
            <DocumentRow
              key={document.id}
              document={document}
              locked={locked}
              onDelete={setPendingDelete}
              uploadWarnings={uploadWarnings[document.id]}
            />
          ))}
        </ul>
      )}
      {children}
      <Dialog
        open={pendingDelete !== undefined}
        onClose={() => setPendingDelete(undefined)}
        title={t('docs.deleteTitle')}
        description={t('docs.deleteText', { name: pendingDelete?.filename ?? '' })}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setPendingDelete(undefined)}>
            {t('docs.cancel')}
          </Button>
          <Button variant="danger" disabled={deleting} onClick={() => void confirmDelete()}>
            {t('docs.deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
