import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';

export function Toaster() {
  const { t } = useTranslation();
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={1}
      richColors
      closeButton
      containerAriaLabel={t('toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  );
}
