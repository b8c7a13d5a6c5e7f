import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge';
import { badgeState, useConnection } from '../../lib/connection';

const tones = {
  connected: 'brand',
  error: 'amber',
  revoked: 'amber',
  disconnected: 'slate',
  none: 'slate',
} as const;

/** Spec 2.3 and 4.6: the marketplace-connection badge of the signed-in top bar. */
export function ConnectionBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data, isLoading: loading } = useConnection();
  if (loading) return null;
  const state = badgeState(data);
  return (
    <Badge tone={tones[state]} className={className}>
      <span className="sr-only">{t('connection.badge.label')}: </span>
      <span data-testid="connection-badge">{t(`connection.badge.${state}`)}</span>
    </Badge>
  );
}
