/**
 * Classifies one buyer seller-feedback item against the marketplace's removal guidelines, as the
 * fixtures' README (../shared/fixtures/feedback/README.md) states them, in this order:
 *   1. rating 4-5 → positive (never removed);
 *   2. empty comment (no letter or digit) → seller_issue;
 *   3. profanity, masked or leetspeak included → obscene ("schifo" and other harsh but clean
 *      words are not profanity);
 *   4. a phone number, an email address or a person's full name → personal_info;
 *   5. links, other sites or sellers, coupon codes, channels to follow → promotional;
 *   6. any complaint about the seller's own service, mixed comments included → seller_issue;
 *   7. fulfilled by Amazon and only delivery/courier/packaging/Amazon-service content →
 *      fba_fulfillment (not applied when `is_fba` is false or unknown: that content is then the
 *      seller's service, seller_issue);
 *   8. only product content → product_review.
 *
 * How: the comment is normalised (normalise.ts: case, accents, stretched letters, leetspeak,
 * masks) and cut into clauses (punctuation and "but/ma/aber/mais/pero..."). Weighted cue
 * families per rule and language (lexicon/) are matched once over the whole text and
 * assigned to clauses. A clause that praises (not negated: "non veloce" is no praise) or clears
 * the seller ("nothing against the seller", "kann nichts dafür") complains about nothing. A
 * clause naming the seller as actor is a seller complaint unless it is only about sending the
 * parcel, which is fulfilment content (the seller is not who ships an FBA order). A comment with
 * delivery content and product content on an FBA order is removable either way; its reason is
 * the heavier of the two (ties go to fba_fulfillment). A comment with no cue at all is read as a
 * product remark when it has at least four words, else as a complaint (not removable).
 *
 * Pure: no I/O, deterministic, safe to run in the browser.
 */
import {
  FIRST_NAMES,
  cuesAt,
  NOT_SURNAMES,
  PERSON_TITLES,
  PROFANE_PHRASES,
  isProfane,
  type CueCategory,
} from './lexicon';
import {
  personalKeyword,
  suggestedReason,
  suggestedReply,
  tooLateReason,
  type FeedbackTopic,
  type ReasonLanguage,
} from './messages';
import { cue, fold, normalise, tokenAt, type NormalisedText } from './normalise';
import { truncateFeedbackComment } from './parse';
import { feedbackRemoval, type FeedbackRemoval } from './removal-window';

export type FeedbackReasonCode =
  | 'obscene'
  | 'personal_info'
  | 'product_review'
  | 'fba_fulfillment'
  | 'promotional'
  | 'seller_issue'
  | 'positive';

export const FEEDBACK_REASON_CODES: readonly FeedbackReasonCode[] = [
  'obscene',
  'personal_info',
  'product_review',
  'fba_fulfillment',
  'promotional',
  'seller_issue',
  'positive',
];

/** The reasons for which a removal request is suggested. */
export const REMOVABLE_REASONS: ReadonlySet<FeedbackReasonCode> = new Set([
  'obscene',
  'personal_info',
  'product_review',
  'fba_fulfillment',
  'promotional',
]);

/** Spec 3: seller_feedback.suggested_action is request_removal or a reply. */
export type FeedbackSuggestedAction = 'request_removal' | 'reply';

export type ReplyLanguage = 'it' | 'en' | 'de' | 'fr' | 'es';

export interface FeedbackClassificationInput {
  comment: string;
  /** 1-5, 0 when unknown. */
  rating: number;
  /** true: fulfilled by Amazon; false: by the seller; null: unknown (the FBA rule is not applied). */
  is_fba: boolean | null;
  /** yyyy-mm-dd; with `today` the removal window applies (removal-window.ts). */
  comment_date?: string;
}

export interface FeedbackClassificationOptions {
  /** The UI language: `suggested_reason` is written in it; the reply falls back to it. Default it. */
  language?: ReasonLanguage;
  /**
   * Today (yyyy-mm-dd): with the row's `comment_date`, a removal ground past the 60-day window
   * is not removable (suggested reply, reason "oltre i 60 giorni"). Without it only the content
   * is judged.
   */
  today?: string;
}

export interface FeedbackClassification {
  removable: boolean;
  suggested_action: FeedbackSuggestedAction;
  reason_code: FeedbackReasonCode;
  /** Why, in the UI language. */
  suggested_reason: string;
  /** Up to five words from the comment behind the decision (labels for personal data). */
  keywords: string[];
  /** A compliant public reply in the comment's language (UI language when it cannot tell). */
  suggested_reply: string;
  /** The comment's dominant language among the five, or the UI language. */
  comment_language: ReplyLanguage;
  /** The sub-topics behind the reason, so the reason can be written again in another language. */
  reason_topics: FeedbackTopic[];
  /** The removal window on `today`, when `today` and the row's date were given. */
  removal?: FeedbackRemoval;
}

const MAX_KEYWORDS = 5;

// ---------------------------------------------------------------------------------------------
// Personal data and promotion on the raw text.
// ---------------------------------------------------------------------------------------------

// Every quantifier over the address is bounded by the limits of a real address (RFC 5321: local
// part up to 64 characters, labels up to 63; at most 10 labels here): unbounded runs of
// overlapping classes made a match attempt at each position scan the rest of a long run, so a
// 100 KB comment took seconds (quadratic). Bounded, each attempt reads at most ~700 characters.
const EMAIL_RE =
  /[\p{L}0-9._%+-]{1,64}\s?(?:@|\(at\)|\[at\])\s?[\p{L}0-9-]{1,63}(?:\.[\p{L}0-9-]{1,63}){0,8}\s?(?:\.|\(dot\)|\[dot\])\s?[a-z]{2,63}/giu;
/** Every EMAIL_RE match holds one of these: without them the address scan is skipped. */
const EMAIL_AT_RE = /@|\(at\)|\[at\]/i;
const PHONE_RE = /(?:\+|00)?\d[\d\s().\-/]{6,22}\d/g;
const ORDER_ID_RE = /^\d{3}-\d{7}-\d{7}$/;
const TRACKING_BEFORE_RE =
  /(?:tracking|track|tracciamento|spedizione|sendung|suivi|seguimiento|order|ordine|bestell|commande|pedido|n[°º.]|nr\.?|no\.|number|numero|nummer|iban|ean|asin|isbn|codice)[^\d]{0,14}$/i;
const PHONE_BEFORE_RE =
  /(?:tel|phone|call|chiam|telefon|cellulare|cell|mobile|handy|appel|llam|whatsapp|numero di|number is|al\s*$|au\s*$|unter\s*$)[^\d]{0,16}$/i;

const TLDS =
  'com|it|de|fr|es|co\\.uk|uk|net|org|eu|info|shop|store|online|site|me|io|biz|ly|link|app|xyz|tv|at|ch|be|nl|pl|shopping|deals';
/** A host name of at most 10 labels of at most 63 characters, bounded like EMAIL_RE. */
const DOMAIN_RE = new RegExp(
  `(?:https?:\\/\\/|www\\.)[^\\s]+|\\b[\\p{L}0-9][\\p{L}0-9-]{0,62}(?:\\.[\\p{L}0-9-]{1,63}){0,8}\\.(?:${TLDS})\\b(?:\\/[^\\s]*)?`,
  'giu',
);
const AMAZON_DOMAIN_RE = /(?:^|\.)amazon\.|(?:^|\.)amzn\./i;

const PROMO_CUES = {
  follow: cue(
    '(?:subscrib|follow (?:me|us|my|our)|join (?:my|our)|check out my|iscrivet|iscriviti|seguit|seguimi|seguiteci|unitevi|abonnez|abonne toi|suivez|rejoignez|suscrib|siguem|sigue(?:me|nos)|unete|abonniert|folgt (?:mir|uns)|tretet)',
  ),
  platform: cue(
    '(?:youtube|telegram|instagram|tiktok|twitch|whatsapp|facebook|discord|canale|channel|chaine|kanal\\b|canal\\b|gruppo|group\\b|gruppe|groupe|grupo|pagina\\b|profil|blog\\b)',
  ),
  coupon: cue(
    '(?:code|codice|coupon|cupon|gutschein|rabat|promo|voucher|discount|sconto|codigo|descuento|reduction)',
  ),
  elsewhere: cue(
    '(?:buy (?:it )?(?:from|at|on)|order (?:it )?(?:from|at)|cheaper (?:at|on|from|elsewhere|in)|go to|visit\\b|compratel\\w* (?:da|su)|comprate (?:da|su)|compralo (?:da|su)|trovate\\w* (?:su|da|a)|costa meno (?:su|da)|meglio (?:su|da)|visitate|billiger (?:bei|auf|im)|gunstiger (?:bei|auf|im)|kauft (?:bei|auf)|besucht|moins cher (?:sur|chez)|achetez (?:sur|chez)|visitez|mas barato en|comprad\\w* en|visita\\b)',
  ),
};
const CODE_TOKEN_RE = /^(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9-]{4,}$|^[A-Z]{5,}$/;

interface PersonalFinding {
  kind: 'phone' | 'email' | 'name';
}

function findPersonal(comment: string, normalised: NormalisedText): PersonalFinding[] {
  const found: PersonalFinding[] = [];
  const withoutEmails = !EMAIL_AT_RE.test(comment)
    ? comment
    : comment.replace(EMAIL_RE, (m) => {
        if (m.includes('@') || /\((?:at)\)|\[at\]/i.test(m)) {
          found.push({ kind: 'email' });
          return ' ';
        }
        return m;
      });
  for (const match of withoutEmails.matchAll(PHONE_RE)) {
    const text = match[0].trim();
    if (text.includes('/') || ORDER_ID_RE.test(text)) continue;
    const digits = text.replace(/\D/g, '').length;
    const before = withoutEmails.slice(Math.max(0, (match.index ?? 0) - 30), match.index ?? 0);
    const cued = PHONE_BEFORE_RE.test(before) || text.startsWith('+') || text.startsWith('(');
    if (digits < 8 || digits > 15 || (digits < 9 && !cued)) continue;
    if (TRACKING_BEFORE_RE.test(before) && !cued) continue;
    // Prices and quantities ("1.234,50", "2.000") are not phone numbers.
    if (/^\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?$/.test(text)) continue;
    found.push({ kind: 'phone' });
    break;
  }
  if (hasFullName(comment, normalised)) found.push({ kind: 'name' });
  return found;
}

const CAPITALISED = /^\p{Lu}[\p{Ll}'’-]+$/u;

function hasFullName(comment: string, normalised: NormalisedText): boolean {
  const letters = comment.replace(/[^\p{L}]/gu, '');
  // ALL CAPS text has no capitalisation to go by.
  if (letters.length > 0 && letters === letters.toUpperCase()) return false;
  const { tokens } = normalised;
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    const first = tokens[i] as (typeof tokens)[number];
    const second = tokens[i + 1] as (typeof tokens)[number];
    if (!CAPITALISED.test(second.raw) || NOT_SURNAMES.has(fold(second.raw))) continue;
    const between = comment.slice(first.start + first.raw.length, second.start);
    const isTitle = PERSON_TITLES.has(first.key) && /^\.?\s+$/.test(between);
    const isFirstName =
      CAPITALISED.test(first.raw) && FIRST_NAMES.has(fold(first.raw)) && /^\s+$/.test(between);
    if (isTitle || isFirstName) return true;
  }
  return false;
}

interface PromoFinding {
  keywords: string[];
}

function findPromotion(comment: string, normalised: NormalisedText): PromoFinding | undefined {
  const keywords: string[] = [];
  const withoutEmails = EMAIL_AT_RE.test(comment) ? comment.replace(EMAIL_RE, ' ') : comment;
  for (const match of withoutEmails.matchAll(DOMAIN_RE)) {
    // The lookbehind keeps the trailing-run search linear on a long URL full of punctuation.
    const text = match[0].replace(/(?<![.,;:!?)"'»])[.,;:!?)"'»]+$/, '');
    if (AMAZON_DOMAIN_RE.test(text.replace(/^https?:\/\/(?:www\.)?|^www\./i, ''))) continue;
    const tld = /\.([\p{L}]+)(?:\/|$)/u.exec(text.replace(/\/.*$/, '') + '/');
    const explicit = /^(?:https?:\/\/|www\.)/i.test(text) || text.includes('/');
    // "broken.It works": a missing space before a capitalised word is not a web address.
    if (!explicit && tld && /^\p{Lu}/u.test(tld[1] ?? '')) continue;
    const label = text.split('.')[0] ?? '';
    if (!explicit && label.length < 2) continue;
    keywords.push(text);
  }
  const { text } = normalised;
  const follow = text.match(PROMO_CUES.follow);
  const platform = text.match(PROMO_CUES.platform);
  if (follow && platform)
    keywords.push(...[follow[0], platform[0]].map((k) => rawOf(normalised, k)));
  const coupon = PROMO_CUES.coupon.exec(text);
  PROMO_CUES.coupon.lastIndex = 0;
  if (coupon) {
    const at = tokenAt(normalised, coupon.index);
    for (const token of normalised.tokens.slice(at, at + 4)) {
      if (CODE_TOKEN_RE.test(token.raw)) keywords.push(token.raw);
    }
  }
  for (const match of text.matchAll(PROMO_CUES.elsewhere)) {
    const next = normalised.tokens[tokenAt(normalised, (match.index ?? 0) + match[0].length + 1)];
    if (next && /^\p{Lu}/u.test(next.raw) && !/^amazon/i.test(next.raw)) {
      keywords.push(next.raw);
    }
  }
  return keywords.length ? { keywords } : undefined;
}

function rawOf(normalised: NormalisedText, keyMatch: string): string {
  const at = normalised.text.indexOf(keyMatch);
  if (at < 0) return keyMatch;
  const first = tokenAt(normalised, at);
  const last = tokenAt(normalised, at + Math.max(0, keyMatch.length - 1));
  return normalised.tokens
    .slice(first, last + 1)
    .map((t) => t.raw)
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Clauses and cue scores.
// ---------------------------------------------------------------------------------------------

const BOUNDARY_WORDS = new Set(
  [
    'but',
    'however',
    'though',
    'although',
    'while',
    'whereas',
    'then',
    'ma',
    'pero',
    'tutavia',
    'invece',
    'mentre',
    'poi',
    'aber',
    'jedoch',
    'doch',
    'sondern',
    'dann',
    'wahrend',
    'mais',
    'pourtant',
    'puis',
    'cependant',
    'sino',
    'luego',
    'despues',
    'aunque',
    'mientras',
    'sin embargo',
  ].map((w) => w.replace(/([a-z])\1+/g, '$1')),
);

interface Hit {
  category: CueCategory;
  topic?: string;
  token: number;
  endToken: number;
  text: string;
}

interface Clause {
  from: number;
  to: number;
  hits: Hit[];
}

function clausesOf(comment: string, normalised: NormalisedText): Clause[] {
  const { tokens } = normalised;
  const clauses: Clause[] = [];
  let from = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as (typeof tokens)[number];
    if (BOUNDARY_WORDS.has(token.key)) {
      if (i > from) clauses.push({ from, to: i, hits: [] });
      from = i;
      continue;
    }
    const next = tokens[i + 1];
    if (!next) break;
    const between = comment.slice(token.start + token.raw.length, next.start);
    if (/[.!?;:\n()…,\u2014\u2013]|\s-\s/.test(between)) {
      clauses.push({ from, to: i + 1, hits: [] });
      from = i + 1;
    }
  }
  if (from < tokens.length) clauses.push({ from, to: tokens.length, hits: [] });
  return clauses;
}

function collectHits(normalised: NormalisedText, clauses: Clause[]): void {
  if (!clauses.length) return;
  const { text, offsets } = normalised;
  const clauseOf: Clause[] = [];
  for (const clause of clauses) {
    for (let t = clause.from; t < clause.to; t += 1) clauseOf[t] = clause;
  }
  /** Per family, the first token a new match may start at (matches do not overlap). */
  const nextFree: number[] = [];
  for (let t = 0; t < offsets.length; t += 1) {
    const offset = offsets[t] as number;
    let matchedFamily = -1;
    for (const c of cuesAt(text, offset)) {
      if (c.family === matchedFamily || (nextFree[c.family] ?? 0) > t) continue;
      // Every match starts with the literal prefix: a cheap test before the regex.
      if (c.prefix.length > 2 && !text.startsWith(c.prefix, offset)) continue;
      c.re.lastIndex = offset;
      const match = c.re.exec(text);
      if (!match) continue;
      matchedFamily = c.family;
      const endToken = tokenAt(normalised, offset + Math.max(0, match[0].length - 1));
      nextFree[c.family] = endToken + 1;
      clauseOf[t]?.hits.push({
        category: c.category,
        topic: c.topic,
        token: t,
        endToken,
        text: match[0],
      });
    }
  }
}

interface ClauseVerdict {
  seller: boolean;
  sellerTopics: string[];
  sellerFulfilment: boolean;
  fulfilment: number;
  fulfilmentTopics: string[];
  product: number;
  productTopics: string[];
  positive: boolean;
  keywordHits: Hit[];
}

function has(hits: Hit[], category: CueCategory): boolean {
  return hits.some((h) => h.category === category);
}

function count(hits: Hit[], category: CueCategory): number {
  return hits.filter((h) => h.category === category).length;
}

function judgeClause(clause: Clause, exonerated: boolean): ClauseVerdict {
  const hits = clause.hits;
  const cancelling = hits.filter((h) => h.category === 'negation' || h.category === 'reported');
  const praise = hits.filter(
    (h) =>
      h.category === 'praise' &&
      !cancelling.some((n) => n.endToken < h.token && n.endToken >= h.token - 2),
  );
  const sellerActor = has(hits, 'seller_actor') && !exonerated;
  const amazonActor = has(hits, 'amazon_actor');
  let service = hits.filter((h) => h.category === 'seller_service');
  const fulfilmentHits = hits.filter((h) => h.category === 'fulfilment');
  // Refunds, replies and manners of Amazon or of the courier are Amazon's service, not the
  // seller's ("Corriere maleducato", "Amazon never refunded the lost parcel").
  const otherActor =
    amazonActor ||
    fulfilmentHits.some((h) => h.topic === 'courier' || h.topic === 'customer_service');
  const amazonService =
    otherActor && !has(hits, 'seller_actor')
      ? service.filter(
          (h) => h.topic === 'refund' || h.topic === 'communication' || h.topic === 'manner',
        )
      : [];
  if (amazonService.length) service = service.filter((h) => !amazonService.includes(h));

  const negative =
    service.length > 0 ||
    has(hits, 'delay') ||
    has(hits, 'damage') ||
    has(hits, 'missing') ||
    amazonService.length > 0;
  const positive = (praise.length > 0 || has(hits, 'exonerate')) && !negative;

  const verdict: ClauseVerdict = {
    seller: false,
    sellerTopics: [],
    sellerFulfilment: false,
    fulfilment: 0,
    fulfilmentTopics: [],
    product: 0,
    productTopics: [],
    positive,
    keywordHits: [],
  };

  if (service.length) {
    verdict.seller = true;
    verdict.sellerTopics = service.map((h) => h.topic as string);
    verdict.keywordHits.push(...service);
  }
  if (positive) return verdict;

  const arrival = count(hits, 'arrival');
  const container = count(hits, 'container');
  const damage = count(hits, 'damage');
  const strong = fulfilmentHits.length * 2 + (amazonActor ? 2 : 0) + amazonService.length;
  const context = strong > 0 || arrival > 0 || (container > 0 && damage > 0);
  const weak = count(hits, 'delay') + count(hits, 'missing') + (context ? container + damage : 0);
  let fulfilment = strong + (context ? weak : 0);
  if (arrival > 0 && weak > 0) fulfilment += 1;
  verdict.fulfilment = fulfilment;
  verdict.fulfilmentTopics = fulfilmentHits.map((h) => h.topic as string);
  if (amazonActor && !verdict.fulfilmentTopics.length)
    verdict.fulfilmentTopics.push('customer_service');
  if (fulfilment > 0) {
    verdict.keywordHits.push(
      ...hits.filter(
        (h) =>
          h.category === 'fulfilment' ||
          h.category === 'amazon_actor' ||
          h.category === 'delay' ||
          h.category === 'missing' ||
          (context && (h.category === 'damage' || h.category === 'container')),
      ),
    );
  }

  const productHits = hits.filter((h) => h.category === 'product');
  verdict.product =
    productHits.reduce((sum, h) => sum + (h.topic === 'generic' ? 0.5 : 1), 0) +
    (context ? 0 : damage);
  verdict.productTopics = productHits.map((h) => h.topic as string).filter((t) => t !== 'generic');
  if (!context && damage) verdict.productTopics.push('function');
  if (verdict.product > 0) {
    verdict.keywordHits.push(
      ...hits.filter((h) => h.category === 'product' || (!context && h.category === 'damage')),
    );
  }

  if (sellerActor && !verdict.seller) {
    if (fulfilmentHits.length > 0 || has(hits, 'delay')) {
      // "The seller took ages to send it": who ships, not how the seller serves.
      verdict.sellerFulfilment = true;
      verdict.fulfilment = Math.max(1, verdict.fulfilment);
      verdict.keywordHits.push(
        ...hits.filter((h) => h.category === 'arrival' || h.category === 'delay'),
      );
    } else {
      verdict.seller = true;
      verdict.sellerTopics.push('generic');
    }
    verdict.keywordHits.push(...hits.filter((h) => h.category === 'seller_actor'));
  }
  return verdict;
}

// ---------------------------------------------------------------------------------------------
// Language of the comment (for the reply).
// ---------------------------------------------------------------------------------------------

const STOPWORDS: Record<ReplyLanguage, Set<string>> = {
  it: new Set(
    'il lo gli che di del della dei delle per con non sono ho ha mi ma un una al alla è e anche più molto questo questa come dopo ancora perché pacco prodotto venditore arrivato sono stato solo tutto niente cosa ci si nel nella la le al ogni giorno giorni sempre mai però quando ordine consegna'.split(
      ' ',
    ),
  ),
  en: new Set(
    "the and is it not was to of my for with but this that i it's have had they you on in at very after only from would will be no its all day so just really great item seller arrived took got did what when there well".split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das und ist nicht ich mit ein eine zu den dem es aber auf auch sehr nach noch nur wie war hat habe bei für kein keine wurde sich dass schon immer mal paket'.split(
      ' ',
    ),
  ),
  fr: new Set(
    "le les et est pas je un une des du en mais pour avec il ne c'est très au aux qui que sur ce cette mon ma été avait après rien la par jour tout plus fait vendeur commande colis livraison produit sans même".split(
      ' ',
    ),
  ),
  es: new Set(
    'el los las y es un una que del en con por pero me lo muy para se su al ni ya fue como sin nada producto pedido llegó la las vendedor paquete entrega muy bien hace todo cuando'.split(
      ' ',
    ),
  ),
};

/** Each stopword with the languages that list it (one lookup per word). */
const STOPWORD_LANGUAGES = new Map<string, ReplyLanguage[]>();
for (const language of Object.keys(STOPWORDS) as ReplyLanguage[]) {
  for (const word of STOPWORDS[language]) {
    STOPWORD_LANGUAGES.set(word, [...(STOPWORD_LANGUAGES.get(word) ?? []), language]);
  }
}

export function detectCommentLanguage(
  comment: string,
  fallback: ReplyLanguage = 'it',
): ReplyLanguage {
  const words = comment.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const scores: Record<ReplyLanguage, number> = { it: 0, en: 0, de: 0, fr: 0, es: 0 };
  for (const word of words) {
    const languages = STOPWORD_LANGUAGES.get(word);
    if (languages) for (const language of languages) scores[language] += 1;
  }
  if (/[ñ¿¡]/i.test(comment)) scores.es += 2;
  if (/[äöüß]/i.test(comment)) scores.de += 2;
  if (/[çêâîôûœ]|\b[dlnjmcst]'/i.test(comment)) scores.fr += 1.5;
  if (/[àèìòù]\b|\b(?:l|un|dell|all|nell|c|po)'/i.test(comment)) scores.it += 1;
  let best: ReplyLanguage = fallback;
  let bestScore = 0;
  for (const language of ['it', 'en', 'de', 'fr', 'es'] as ReplyLanguage[]) {
    if (scores[language] > bestScore) {
      best = language;
      bestScore = scores[language];
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------

function keywordsFrom(normalised: NormalisedText, hits: Hit[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const sorted = [...hits].sort((a, b) => a.token - b.token);
  for (const hit of sorted) {
    const raw = normalised.tokens
      .slice(hit.token, hit.endToken + 1)
      .map((t) => t.raw)
      .join(' ');
    const key = raw.toLowerCase();
    if (!raw || seen.has(key)) continue;
    seen.add(key);
    out.push(raw);
    if (out.length >= MAX_KEYWORDS) break;
  }
  return out;
}

function uniqueKeywords(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out.slice(0, MAX_KEYWORDS);
}

interface Decision {
  reason: FeedbackReasonCode;
  topics: FeedbackTopic[];
  keywords: string[];
}

function decide(input: FeedbackClassificationInput, uiLanguage: ReasonLanguage): Decision {
  const comment = input.comment ?? '';
  const rating = Number.isFinite(input.rating) ? input.rating : 0;
  const isEmpty = !/[\p{L}\p{N}]/u.test(comment);
  const normalised = normalise(comment);

  if (rating >= 4) {
    if (isEmpty) return { reason: 'positive', topics: [], keywords: [] };
    const clauses = clausesOf(comment, normalised);
    collectHits(normalised, clauses);
    const hits = clauses
      .flatMap((c) => c.hits)
      .filter((h) => h.category === 'praise' || h.category === 'product');
    return { reason: 'positive', topics: [], keywords: keywordsFrom(normalised, hits) };
  }
  if (isEmpty) return { reason: 'seller_issue', topics: ['empty'], keywords: [] };

  const profane = normalised.tokens.filter((t) => isProfane(t.form)).map((t) => t.raw);
  for (const phrase of PROFANE_PHRASES) {
    // Every match contains the phrase's first word: a text without it is not scanned.
    if (!normalised.text.includes(phrase.lead)) continue;
    phrase.re.lastIndex = 0;
    const m = phrase.re.exec(normalised.text);
    if (m) profane.push(rawOf(normalised, m[0]));
  }
  if (profane.length) return { reason: 'obscene', topics: [], keywords: uniqueKeywords(profane) };

  const personal = findPersonal(comment, normalised);
  if (personal.length) {
    const kinds = [...new Set(personal.map((p) => p.kind))];
    return {
      reason: 'personal_info',
      topics: kinds,
      keywords: kinds.map((k) => personalKeyword(k, uiLanguage)),
    };
  }

  const promotion = findPromotion(comment, normalised);
  if (promotion)
    return { reason: 'promotional', topics: [], keywords: uniqueKeywords(promotion.keywords) };

  const clauses = clausesOf(comment, normalised);
  collectHits(normalised, clauses);
  const exonerated = clauses.some((c) => has(c.hits, 'exonerate'));
  const verdicts = clauses.map((c) => judgeClause(c, exonerated));

  const sellerVerdicts = verdicts.filter((v) => v.seller);
  const fulfilment = verdicts.reduce((s, v) => s + v.fulfilment, 0);
  const product = verdicts.reduce((s, v) => s + v.product, 0);
  const fulfilmentHits = verdicts.filter((v) => v.fulfilment > 0).flatMap((v) => v.keywordHits);
  const productHits = verdicts.flatMap((v) =>
    v.keywordHits.filter((h) => h.category === 'product' || h.category === 'damage'),
  );

  if (sellerVerdicts.length) {
    const topics = sellerVerdicts.flatMap((v) => v.sellerTopics) as FeedbackTopic[];
    const ordered = [...topics.filter((t) => t !== 'generic' && t !== 'trust'), ...topics];
    return {
      reason: 'seller_issue',
      topics: [...new Set(ordered)],
      keywords: keywordsFrom(
        normalised,
        verdicts.flatMap((v) => v.keywordHits),
      ),
    };
  }
  if (fulfilment > 0) {
    if (input.is_fba === true) {
      if (product > fulfilment) {
        return {
          reason: 'product_review',
          topics: productTopics(verdicts),
          keywords: keywordsFrom(normalised, productHits),
        };
      }
      return {
        reason: 'fba_fulfillment',
        topics: [...new Set(verdicts.flatMap((v) => v.fulfilmentTopics))] as FeedbackTopic[],
        keywords: keywordsFrom(normalised, fulfilmentHits),
      };
    }
    return {
      reason: 'seller_issue',
      topics: ['shipping'],
      keywords: keywordsFrom(normalised, fulfilmentHits),
    };
  }
  if (product > 0) {
    return {
      reason: 'product_review',
      topics: productTopics(verdicts),
      keywords: keywordsFrom(normalised, productHits),
    };
  }
  const words = normalised.tokens.filter((t) => /\p{L}{2,}/u.test(t.raw)).length;
  if (words >= 4) return { reason: 'product_review', topics: ['generic'], keywords: [] };
  return { reason: 'seller_issue', topics: ['generic'], keywords: [] };
}

function productTopics(verdicts: ClauseVerdict[]): FeedbackTopic[] {
  const topics = verdicts.flatMap((v) => v.productTopics) as FeedbackTopic[];
  return topics.length ? [...new Set(topics)] : ['generic'];
}

export function classifyFeedback(
  row: FeedbackClassificationInput,
  options: FeedbackClassificationOptions = {},
): FeedbackClassification {
  const uiLanguage: ReasonLanguage = options.language === 'en' ? 'en' : 'it';
  // Only a comment's first FEEDBACK_COMMENT_MAX_LENGTH characters are read (what the parser
  // keeps): the rules and cues stay cheap whatever a caller passes in.
  const comment = truncateFeedbackComment(row.comment ?? '');
  const rating = Number.isFinite(row.rating) ? row.rating : 0;
  // The verdict depends only on these: the comment, the UI language, whether the rating is
  // positive and the fulfilment channel.
  const key = `${uiLanguage}${rating >= 4 ? '+' : '-'}${String(row.is_fba)}\u0000${comment}`;
  let verdict = VERDICTS.get(key);
  if (!verdict) {
    const decision = decide({ ...row, comment }, uiLanguage);
    const removable = REMOVABLE_REASONS.has(decision.reason);
    const commentLanguage = detectCommentLanguage(comment, uiLanguage);
    verdict = {
      removable,
      suggested_action: removable ? 'request_removal' : 'reply',
      reason_code: decision.reason,
      suggested_reason: suggestedReason(decision.reason, decision.topics, uiLanguage),
      keywords: decision.keywords,
      suggested_reply: suggestedReply(decision.reason, decision.topics, commentLanguage),
      comment_language: commentLanguage,
      reason_topics: decision.topics,
    };
    if (VERDICTS.size >= VERDICT_CACHE_LIMIT) VERDICTS.clear();
    VERDICTS.set(key, verdict);
  }
  const result = {
    ...verdict,
    keywords: [...verdict.keywords],
    reason_topics: [...verdict.reason_topics],
  };
  if (!options.today || !row.comment_date) return result;
  const removal = feedbackRemoval(
    { comment_date: row.comment_date, groundAllows: verdict.removable },
    options.today,
  );
  if (removal.status !== 'too_late') return { ...result, removal };
  return {
    ...result,
    removal,
    removable: false,
    suggested_action: 'reply',
    suggested_reason: tooLateReason(verdict.reason_code, removal.age_days, uiLanguage),
  };
}

/**
 * Exports repeat comments ("ok", "tutto perfetto", empty ones): a comment already classified
 * in the same context gets the same verdict without running the rules again (bounded).
 */
const VERDICTS = new Map<string, FeedbackClassification>();
const VERDICT_CACHE_LIMIT = 20_000;
