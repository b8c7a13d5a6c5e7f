/**
 * Text normalisation for the feedback classifier: buyers write with typos, missing accents,
 * stretched letters ("cazzzzo", "sloooow"), leetspeak (c4zz0, sh1t, c@zzo) and masks (m***a,
 * f*ck). Every comment is cut into tokens; each token gets a normalised form, and the forms are
 * joined into one string the cue patterns run over. Token offsets let a match be mapped back to
 * the buyer's own words (for the keywords).
 */

/** Characters that hide letters inside a word: f*ck, m##da, c••o. */
const MASK_CHARS = '*#•_%§';
const TOKEN_RE = /[\p{L}\p{N}*#•_%§@$!|]+/gu;
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};

/** Lowercase, no accents, ß→ss, æ→ae, œ→oe. */
export function fold(value: string): string {
  return value
    .replace(/ß/g, 'ss')
    .replace(/[Ææ]/g, 'ae')
    .replace(/[Œœ]/g, 'oe')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Runs of one letter become one letter ("cazzo" → "cazo", "sloooow" → "slow"). */
export function collapse(value: string): string {
  return value.replace(/([a-z])\1+/g, '$1');
}

/** Runs of three or more become two ("cazzzzo" → "cazzo"), keeping real doubles. */
export function collapseStretch(value: string): string {
  return value.replace(/([a-z])\1{2,}/g, '$1$1');
}

const isLetter = (c: string | undefined): boolean => c !== undefined && /[a-z]/.test(c);

/**
 * Leetspeak inside a word: a digit or symbol between letters, a trailing one after at least two
 * letters (c4zz0, merd@), or a leading $ before letters ($hit). Pure numbers stay numbers.
 */
export function unleet(token: string): string {
  if (!/[a-z]/.test(token)) return token;
  const chars = [...token];
  const letters = chars.filter(isLetter).length;
  return chars
    .map((c, i) => {
      const to = LEET[c];
      if (to === undefined) return c;
      const before = chars[i - 1];
      const after = chars[i + 1];
      if (isLetter(before) && isLetter(after)) return to;
      if (isLetter(before) && after === undefined && letters >= 2) return to;
      if (isLetter(before) && after !== undefined && MASK_CHARS.includes(after)) return to;
      if (before === undefined && (c === '$' || c === '@') && isLetter(after)) return to;
      if (before !== undefined && MASK_CHARS.includes(before) && isLetter(after)) return to;
      return c;
    })
    .join('');
}

export function hasMask(token: string): boolean {
  for (const c of token) if (MASK_CHARS.includes(c)) return true;
  return false;
}

export interface Token {
  /** As the buyer wrote it. */
  raw: string;
  /** Folded, un-leeted, stretches cut to two letters; masks kept. */
  form: string;
  /** `form` with every double letter collapsed: what the cue patterns see. */
  key: string;
  start: number;
}

export interface NormalisedText {
  tokens: Token[];
  /** The tokens' keys joined by single spaces. */
  text: string;
  /** Start offset of each token's key within `text`. */
  offsets: number[];
}

/** Buyers reuse the same words: their normalised forms are cached (bounded). */
const FORM_CACHE = new Map<string, { form: string; key: string }>();
const FORM_CACHE_LIMIT = 50_000;

const EDGE_PUNCTUATION = new Set(['!', '|', '@']);
const TAIL_PUNCTUATION = new Set(['!', '|']);

export function tokenise(comment: string): Token[] {
  const tokens: Token[] = [];
  for (const match of comment.matchAll(TOKEN_RE)) {
    const raw = match[0];
    // Trailing "!" or "|" and leading ones are punctuation, not leetspeak.
    const edge =
      EDGE_PUNCTUATION.has(raw[0] as string) || TAIL_PUNCTUATION.has(raw.at(-1) as string);
    const trimmed = edge ? raw.replace(/^[!|@]+|[!|]+$/g, '') : raw;
    if (!trimmed) continue;
    const start = (match.index ?? 0) + raw.indexOf(trimmed);
    let forms = FORM_CACHE.get(trimmed);
    if (!forms) {
      const form = collapseStretch(unleet(fold(trimmed)));
      forms = { form, key: collapse(form) };
      if (FORM_CACHE.size >= FORM_CACHE_LIMIT) FORM_CACHE.clear();
      FORM_CACHE.set(trimmed, forms);
    }
    tokens.push({ raw: trimmed, form: forms.form, key: forms.key, start });
  }
  return tokens;
}

export function normalise(comment: string): NormalisedText {
  const tokens = tokenise(comment);
  const offsets: number[] = [];
  let text = '';
  for (const token of tokens) {
    if (text) text += ' ';
    offsets.push(text.length);
    text += token.key;
  }
  return { tokens, text, offsets };
}

/** The index of the token that covers `offset` in the normalised text. */
export function tokenAt(normalised: NormalisedText, offset: number): number {
  const { offsets } = normalised;
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((offsets[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Compiles a cue pattern written in plain, accent-free lowercase spelling so it matches the
 * collapsed keys: letter runs are collapsed (escapes such as \b are left alone) and the pattern
 * must start at a word start. A pattern is a stem unless it ends with \b.
 */
export function cue(source: string, flags = 'g'): RegExp {
  let out = '';
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i] as string;
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (/[a-z]/.test(c) && out.endsWith(c) && out[out.length - 2] !== '\\') continue;
    out += c;
  }
  return new RegExp(`(?<![a-z0-9])(?:${out})`, flags);
}

/**
 * The same pattern anchored where `lastIndex` points (sticky), for matching at token starts
 * only: much faster than scanning every character of the text.
 */
export function stickyCue(source: string): RegExp {
  const re = cue(source, 'y');
  return new RegExp(re.source.replace(/^\(\?<!\[a-z0-9\]\)/, ''), 'y');
}
