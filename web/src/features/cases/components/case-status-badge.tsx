import { useTranslation } from 'react-i18next';
import { statusBadge, type BadgeTone } from '@domain/cases/status';

// Spec 4.2 colours; each pairing keeps at least 4.5:1 text contrast.
const toneClasses: Record<BadgeTone, string> = {
  sky: 'bg-sky-100 text-sky-900',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  gray: 'bg-slate-200 text-slate-800',
  green: 'bg-green-100 text-green-900',
};

/**
 * The case's badge of spec 4.2 (Inviato, In lavorazione, Rifiutato, Chiuso, Pronto), plus
 * Da verificare and Rimborsato in parte (paid in part, still open).
 */
export function CaseStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('cases');
  const { tone, label } = statusBadge(status);
  return (
    <span
      data-testid="case-status-badge"
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${toneClasses[tone]}`}
    >
      {label === 'Da verificare'
        ? t('badge.toCheck')
        : label === 'Rimborsato in parte'
          ? t('badge.partlyReimbursed')
          : t(`badge.${tone}`)}
    </span>
  );
}
