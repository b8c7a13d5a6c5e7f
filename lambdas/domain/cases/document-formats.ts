/**
 * Which files each document type takes: the one table the upload form and the server both read
 * (spec 5, "Uploads: dispute attachments": photos accept only JPG, PNG, GIF; the other types
 * PDF and images, plus ZIP and the electronic invoice's XML and signed P7M). Pure.
 */
import type { AllowedExtension } from '../documents/file-type';
import type { DocType } from './contract';

const DOCUMENTS: readonly AllowedExtension[] = ['pdf', 'jpg', 'jpeg', 'png', 'zip', 'xml', 'p7m'];
const PHOTOS: readonly AllowedExtension[] = ['jpg', 'jpeg', 'png', 'gif'];

export const ACCEPTED_EXTENSIONS: Readonly<Record<DocType, readonly AllowedExtension[]>> = {
  fattura: DOCUMENTS,
  distinta_imballaggio: DOCUMENTS,
  pod: DOCUMENTS,
  foto_pacco: PHOTOS,
};

/** The formats a document type takes, as the seller reads them: "PDF, JPG, JPEG, …". */
export function acceptedFormatsLabel(docType: DocType): string {
  return ACCEPTED_EXTENSIONS[docType].map((extension) => extension.toUpperCase()).join(', ');
}
