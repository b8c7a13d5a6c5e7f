import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_MARKETPLACES,
  sellerHelpContactUrl,
} from '../../../../../lambdas/domain/feedback-marketplaces';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useFormatters } from '../../../lib/use-formatters';
import type { SellerFeedback } from '../api/feedback';
import { copyToClipboard } from './copy';

/** Spec 9: comment preview length and keywords shown. */
const COMMENT_PREVIEW = 80;
const KEYWORDS_SHOWN = 3;

/** Spec 2.10: 4 or more default, exactly 3 secondary, below 3 destructive. */
function ratingTone(rating: number) {
  return rating >= 4 ? 'brand' : rating === 3 ? 'slate' : 'red';
}

function Comment({ text }: { text: string }) {
  if (text.length <= COMMENT_PREVIEW) return <>{text}</>;
  return (
    <span title={text}>
      <span aria-hidden="true">{`${text.slice(0, COMMENT_PREVIEW)}…`}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}

function Keywords({ keywords }: { keywords: string[] }) {
  const { t } = useTranslation('feedback');
  const shown = keywords.slice(0, KEYWORDS_SHOWN);
  const rest = keywords.slice(KEYWORDS_SHOWN);
  return (
    <div className="flex flex-wrap gap-1">
      {shown.map((keyword) => (
        <Badge key={keyword}>{keyword}</Badge>
      ))}
      {rest.length > 0 ? (
        <span title={rest.join(', ')}>
          <Badge>
            <span aria-hidden="true">{t('table.moreKeywords', { count: rest.length })}</span>
            <span className="sr-only">
              {t('table.moreKeywordsLabel', { keywords: rest.join(', ') })}
            </span>
          </Badge>
        </span>
      ) : null}
    </div>
  );
}

function marketplaceEntry(domain: string | null) {
  return FEEDBACK_MARKETPLACES.find((m) => m.domain === domain) ?? FEEDBACK_MARKETPLACES[0];
}

/** The feedback table of spec 2.10 with its row actions. */
export function FeedbackTable({
  rows,
  onGenerate,
}: {
  rows: SellerFeedback[];
  onGenerate: (row: SellerFeedback) => void;
}) {
  const { t } = useTranslation('feedback');
  const format = useFormatters();
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {(
              [
                'date',
                'order',
                'asin',
                'rating',
                'comment',
                'type',
                'keywords',
                'suggestion',
                'actions',
              ] as const
            ).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {t(`table.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rows.map((row) => (
            <tr key={row.id} data-testid="feedback-row">
              <td className="px-3 py-2 whitespace-nowrap">{format.date(row.comment_date)}</td>
              <td className="px-3 py-2 font-mono whitespace-nowrap">{row.order_id}</td>
              <td className="px-3 py-2 font-mono">{row.asin ?? t('table.unknown')}</td>
              <td className="px-3 py-2">
                <Badge tone={ratingTone(row.rating)}>
                  <span aria-hidden="true">{t('table.ratingValue', { rating: row.rating })}</span>
                  <span className="sr-only">{t('table.ratingLabel', { rating: row.rating })}</span>
                </Badge>
              </td>
              <td className="max-w-xs px-3 py-2 text-slate-800">
                <Comment text={row.comment} />
              </td>
              <td className="px-3 py-2">
                {row.is_fba === null
                  ? t('table.unknown')
                  : row.is_fba
                    ? t('table.fba')
                    : t('table.seller')}
              </td>
              <td className="px-3 py-2">
                <Keywords keywords={row.keywords} />
              </td>
              <td className="px-3 py-2">
                <span title={row.suggested_reason ?? undefined}>
                  <Badge tone={row.suggested_action === 'request_removal' ? 'red' : 'slate'}>
                    {row.suggested_action === 'request_removal'
                      ? t('table.remove')
                      : t('table.reply')}
                  </Badge>
                  {row.suggested_reason ? (
                    <span className="sr-only">{`: ${row.suggested_reason}`}</span>
                  ) : null}
                </span>
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-col items-start gap-1">
                  {row.suggested_reply ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void copyToClipboard(row.suggested_reply ?? '')}
                    >
                      {t('table.copyReply')}
                    </Button>
                  ) : null}
                  {row.removable ? (
                    <Button variant="secondary" size="sm" onClick={() => onGenerate(row)}>
                      {t('table.generate')}
                    </Button>
                  ) : null}
                  <a
                    href={sellerHelpContactUrl(row.marketplace)}
                    target="_blank"
                    rel="noreferrer noopener"
                    aria-label={t('table.helpLabel', {
                      marketplace: `${t(`marketplaces.${marketplaceEntry(row.marketplace).code}`)} (${marketplaceEntry(row.marketplace).domain})`,
                    })}
                    className="px-3 py-1 text-sm font-semibold text-brand-800 underline"
                  >
                    {t('table.help')}
                  </a>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
