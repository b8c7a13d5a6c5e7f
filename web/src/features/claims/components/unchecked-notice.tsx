import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../lib/paths';

/**
 * How many of Amazon's reimbursements the audit could not check for lack of a unit cost, with the
 * way to Costi to give one; nothing when none (or when the list did not say).
 */
export function UncheckedForCostNotice({ count }: { count: number | null | undefined }) {
  const { t } = useTranslation('claims');
  if (!count) return null;
  return (
    <div className="mt-4 max-w-3xl" data-testid="claims-unchecked-for-cost">
      <Alert tone="info" title={t('uncheckedForCost.title')}>
        {t('uncheckedForCost.body', { count })}{' '}
        <Link to={paths.costs} className="font-semibold underline">
          {t('uncheckedForCost.link')}
        </Link>
      </Alert>
    </div>
  );
}
