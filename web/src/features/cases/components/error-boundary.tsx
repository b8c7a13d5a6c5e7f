import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary';
import { Button } from '../../../components/ui/button';

export function LoadingErrorPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('cases');
  return (
    <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
      <h2 className="text-lg font-semibold">{t('boundary.title')}</h2>
      <p className="mt-1">{t('boundary.text')}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {t('boundary.retry')}
      </Button>
    </div>
  );
}

type Props = { children: ReactNode; onRetry?: () => void };

/**
 * Spec 2.8 and 8: a crash inside the list shows "Loading Error" with Retry instead of taking the
 * whole page down; Retry renders the children again (and lets the owner reload their data).
 */
export function CasesErrorBoundary({ children, onRetry }: Props) {
  return (
    <ErrorBoundary
      onError={(error, info) => console.error('Documents list crashed', error, info.componentStack)}
      fallback={({ retry }) => (
        <LoadingErrorPanel
          onRetry={() => {
            onRetry?.();
            retry();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
