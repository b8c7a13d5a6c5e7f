import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { CardPage } from '../../../components/layout/card-page';
import { ButtonLink } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Public confirmation after an account deletion; the email parameter is optional (spec 2.1). */
export function AccountDeletedPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('deleted.metaTitle'));
  const [search] = useSearchParams();
  const email = search.get('email')?.trim();

  return (
    <CardPage
      focusHeading
      title={t('deleted.title')}
      intro={
        <>
          <p>
            {email ? (
              <Trans
                t={t}
                i18nKey="deleted.textWithEmail"
                components={{ email: <strong>{email}</strong> }}
              />
            ) : (
              t('deleted.text')
            )}
          </p>
          <p className="mt-2">{t('deleted.thanks')}</p>
        </>
      }
    >
      <ButtonLink to={paths.home} size="lg" className="w-full">
        {t('deleted.home')}
      </ButtonLink>
    </CardPage>
  );
}
