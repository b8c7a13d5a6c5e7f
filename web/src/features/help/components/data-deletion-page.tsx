import { useTranslation } from 'react-i18next';
import { CardPage } from '../../../components/layout/card-page';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SupportForm } from './support-form';

export function DataDeletionPage() {
  const { t } = useTranslation('help');
  useDocumentTitle(t('dataDeletion.metaTitle'));
  return (
    <CardPage
      size="lg"
      title={t('dataDeletion.title')}
      intro={
        <>
          <p>{t('dataDeletion.intro')}</p>
          <p className="mt-2">{t('dataDeletion.what')}</p>
        </>
      }
    >
      <SupportForm
        variant="deletion"
        fixedSubject={t('dataDeletion.subject')}
        submitLabel={t('dataDeletion.submit')}
        sentTitle={t('dataDeletion.sent')}
        sentText={(email) => t('dataDeletion.sentText', { email })}
        errorTitle={t('dataDeletion.error')}
      />
    </CardPage>
  );
}
