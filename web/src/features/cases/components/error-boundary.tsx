import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
type State = { error: unknown };

/**
 * Spec 2.8 and 8: a crash inside the list shows "Loading Error" with Retry instead of taking the
 * whole page down; Retry renders the children again (and lets the owner reload their data).
 */
export class CasesErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Documents list crashed', error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ error: undefined });
  };

  override render() {
    if (this.state.error !== undefined) return <LoadingErrorPanel onRetry={this.retry} />;
    return this.props.children;
  }
}
