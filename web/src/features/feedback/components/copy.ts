import { i18n } from '../../../i18n';
import { notify } from '../../../lib/toast';

/** Copies text and confirms it (spec 8: copy confirms; a failure is only logged). */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success({ title: i18n.t('feedback:toast.copied') });
  } catch (error) {
    console.warn('Copy failed', error);
  }
}
