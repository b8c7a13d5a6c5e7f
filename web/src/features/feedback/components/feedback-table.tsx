import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_MARKETPLACES,
  sellerHelpContactUrl,
} from '@domain/feedback/feedback-marketplaces';
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

function RatingBadge({ rating }: { rating: number }) {
  const { t } = useTranslation('feedback');
  return (
    <Badge tone={ratingTone(rating)}>
      <span aria-hidden="true">{t('table.ratingValue', { rating })}</span>
      <span className="sr-only">{t('table.ratingLabel', { count: rating })}</span>
    </Badge>
  );
}

function FulfilmentType({ isFba }: { isFba: boolean | null }) {
  const { t } = useTranslation('feedback');
  return <>{isFba === null ? t('table.unknown') : isFba ? t('table.fba') : t('table.seller')}</>;
}

function Suggestion({ row }: { row: SellerFeedback }) {
  const { t } = useTranslation('feedback');
  return (
    <Badge tone={row.suggested_action === 'request_removal' ? 'red' : 'slate'}>
      {row.suggested_action === 'request_removal' ? t('table.remove') : t('table.reply')}
    </Badge>
  );
}

/**
 * Why the row is removable or not, as visible text in the row (a tooltip cannot be read on a
 * phone): whether a request is still possible and until when, then the reason in the page's
 * language (the server writes it in the language the list was asked in).
 */
function RemovalReason({ row, className }: { row: SellerFeedback; className: string }) {
  const { t } = useTranslation('feedback');
  const format = useFormatters();
  const { removal } = row;
  const status =
    removal.status === 'removable'
      ? removal.days_left === 0
        ? t('removal.lastDay')
        : t('removal.removable', { date: format.date(removal.last_day), count: removal.days_left })
      : removal.status === 'too_late'
        ? t('removal.tooLate')
        : t('removal.notRemovable');
  return (
    <p className={className} data-testid="removal-reason">
      <span
        className={`font-semibold ${removal.status === 'removable' ? 'text-red-800' : 'text-slate-800'}`}
      >
        {status}
      </span>
      {row.suggested_reason ? (
        <span className="text-slate-700">{` ${row.suggested_reason}`}</span>
      ) : null}
    </p>
  );
}

function RowActions({
  row,
  onGenerate,
  className,
}: {
  row: SellerFeedback;
  onGenerate: (row: SellerFeedback) => void;
  className: string;
}) {
  const { t } = useTranslation('feedback');
  const marketplace = marketplaceEntry(row.marketplace);
  return (
    <div className={className}>
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
          marketplace: `${t(`marketplaces.${marketplace.code}`)} (${marketplace.domain})`,
        })}
        className="px-3 py-1 text-sm font-semibold text-brand-800 underline"
      >
        {t('table.help')}
      </a>
    </div>
  );
}

const COLUMNS = [
  'date',
  'order',
  'asin',
  'rating',
  'comment',
  'type',
  'keywords',
  'suggestion',
  'actions',
] as const;

/**
 * The feedback table of spec 2.10 with its row actions: a table from 768 px, one card per
 * feedback below, so a phone shows the rating, comment and actions without sideways scrolling.
 */
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
    <>
      {/* `relative` keeps the cells' screen-reader text inside the scroll box. */}
      <div className="relative hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              {COLUMNS.map((column) => (
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
                  <RatingBadge rating={row.rating} />
                </td>
                <td className="max-w-xs px-3 py-2 text-slate-800">
                  <Comment text={row.comment} />
                </td>
                <td className="px-3 py-2">
                  <FulfilmentType isFba={row.is_fba} />
                </td>
                <td className="px-3 py-2">
                  <Keywords keywords={row.keywords} />
                </td>
                <td className="min-w-56 px-3 py-2">
                  <Suggestion row={row} />
                  <RemovalReason row={row} className="mt-1 max-w-xs text-xs" />
                </td>
                <td className="px-3 py-2">
                  <RowActions
                    row={row}
                    onGenerate={onGenerate}
                    className="flex flex-col items-start gap-1"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('table.caption')}>
        {rows.map((row) => (
          <li
            key={row.id}
            className="relative rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <RatingBadge rating={row.rating} />
              <Suggestion row={row} />
              <span className="text-slate-600">{format.date(row.comment_date)}</span>
            </div>
            <p className="mt-2 break-words text-slate-800">
              <Comment text={row.comment} />
            </p>
            <RemovalReason row={row} className="mt-2 text-sm break-words" />
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-slate-600">{t('table.order')}</dt>
              <dd className="font-mono break-all">{row.order_id}</dd>
              <dt className="text-slate-600">{t('table.asin')}</dt>
              <dd className="font-mono break-all">{row.asin ?? t('table.unknown')}</dd>
              <dt className="text-slate-600">{t('table.type')}</dt>
              <dd>
                <FulfilmentType isFba={row.is_fba} />
              </dd>
              {row.keywords.length > 0 ? (
                <>
                  <dt className="text-slate-600">{t('table.keywords')}</dt>
                  <dd>
                    <Keywords keywords={row.keywords} />
                  </dd>
                </>
              ) : null}
            </dl>
            <RowActions
              row={row}
              onGenerate={onGenerate}
              className="mt-3 flex flex-wrap items-center gap-2"
            />
          </li>
        ))}
      </ul>
    </>
  );
}
