/**
 * The matchers over the word lists: the cue patterns compiled and indexed by their first
 * characters (`cuesAt`), the profane phrases, and the profanity test for a word, plain or
 * masked (`isProfane`).
 */
import { cue, fold, collapse, collapseStretch, stickyCue } from '../normalise';
import type { CueCategory, CueFamily } from './categories';
import { DELIVERY_CUES } from './cues-delivery';
import { POLARITY_CUES } from './cues-polarity';
import { PRODUCT_CUES } from './cues-product';
import { SELLER_CUES } from './cues-seller';
import {
  MASKED_TARGET_WORDS,
  PROFANE_PHRASE_PATTERNS,
  PROFANE_WORDS,
  type ProfanityEntry,
} from './profanity';

export interface Cue {
  category: CueCategory;
  /** Sub-topic used for the reply and the reason (seller_service, fulfilment, product). */
  topic?: string;
  /** Index of the category/topic family: one match per family and position. */
  family: number;
  /** Sticky: tried at token starts of the normalised text. */
  re: RegExp;
  /** The literal start of the pattern (collapsed), '' when it starts with a group. */
  prefix: string;
  /**
   * For a pattern that starts with a group: the literal starts of the group's alternatives
   * ('0'...'9' for a leading \d), or undefined when they cannot be read; a position whose text
   * starts with none of them cannot match.
   */
  lead?: string[] | undefined;
}

/** One family's patterns compiled; `family` is its index in declaration order. */
function compile({ category, topic, patterns }: CueFamily, family: number): Cue[] {
  return patterns.map((p) => {
    const re = stickyCue(p);
    // stickyCue wraps the pattern in (?:...): the prefix is read inside it.
    const inner = re.source.slice(3);
    const prefix = literalPrefix(inner);
    return { category, topic, family, re, prefix, lead: prefix ? undefined : leadOf(inner) };
  });
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The literal starts of a leading group's alternatives: `(?:cambio|modifica) ...` gives
 * ['cambio', 'modifica'], `\d+ ...` the ten digits. Undefined when an alternative starts with
 * anything else (the pattern is then tried everywhere).
 */
function leadOf(source: string): string[] | undefined {
  if (source.startsWith('\\d')) return DIGITS;
  if (!source.startsWith('(?:')) return undefined;
  let depth = 0;
  let end = -1;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '(') depth += 1;
    else if (c === ')' && (depth -= 1) === 0) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const body = source.slice(3, end);
  if (/[()[\]]/.test(body)) return undefined;
  const starts = body.split('|').map(literalPrefix);
  return starts.every((s) => s.length > 0) ? starts : undefined;
}

/** Whether a pattern may match where the normalised text's next two characters are `key`. */
export function mayStartWith(c: Cue, key: string): boolean {
  if (!c.lead) return true;
  return c.lead.some((start) =>
    start.length >= 2 ? key === start.slice(0, 2) : key.startsWith(start),
  );
}

/** The leading characters every match starts with: letters, digits and spaces before any operator. */
function literalPrefix(source: string): string {
  const m = /^[a-z0-9 ]*/.exec(source);
  const prefix = m ? m[0] : '';
  const next = source[prefix.length];
  // A quantifier makes the last literal optional or repeatable; an alternation ends the prefix.
  if (next === '?' || next === '*' || next === '{' || next === '+') return prefix.slice(0, -1);
  if (next === '|') return '';
  return prefix;
}

/** Every cue, in declaration order: the seller, delivery, the product, polarity. */
export const CUES: Cue[] = [
  ...SELLER_CUES,
  ...DELIVERY_CUES,
  ...PRODUCT_CUES,
  ...POLARITY_CUES,
].flatMap((f, i) => compile(f, i));

/**
 * CUES indexed by the first two characters of their literal prefix (or the first one), so each
 * token start only tries the few patterns that can match there.
 */
export interface CueIndex {
  byTwo: Map<string, Cue[]>;
  byOne: Map<string, Cue[]>;
  open: Cue[];
}

export const CUE_INDEX: CueIndex = (() => {
  const index: CueIndex = { byTwo: new Map(), byOne: new Map(), open: [] };
  const add = (map: Map<string, Cue[]>, key: string, c: Cue) => {
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  };
  for (const c of CUES) {
    if (c.prefix.length >= 2) add(index.byTwo, c.prefix.slice(0, 2), c);
    else if (c.prefix.length === 1) add(index.byOne, c.prefix, c);
    else index.open.push(c);
  }
  return index;
})();

const CANDIDATES = new Map<string, Cue[]>();

/** The patterns that may match at `offset` of the normalised text, in declaration order. */
export function cuesAt(text: string, offset: number): Cue[] {
  const key = text.slice(offset, offset + 2);
  let list = CANDIDATES.get(key);
  if (!list) {
    list = [
      ...(CUE_INDEX.byTwo.get(key) ?? []),
      ...(CUE_INDEX.byOne.get(key[0] ?? '') ?? []),
      ...CUE_INDEX.open.filter((c) => mayStartWith(c, key)),
    ].sort((a, b) => a.family - b.family);
    CANDIDATES.set(key, list);
  }
  return list;
}

/** A phrase pattern (global) and the literal every match starts with. */
export interface PhraseCue {
  re: RegExp;
  lead: string;
}

function phrase(source: string): PhraseCue {
  const re = cue(source);
  return { re, lead: literalPrefix(re.source.slice(re.source.indexOf('(?:') + 3)) };
}

/** Two-word profanity where each word alone is clean. */
export const PROFANE_PHRASES: PhraseCue[] = PROFANE_PHRASE_PATTERNS.map(phrase);

const MASKED_TARGETS = MASKED_TARGET_WORDS.map((f) => collapseStretch(fold(f)));

/** Each letter matches one character and a mask run of n at least n - 1: no longer form can match. */
const MASKED_FORM_MAX_LENGTH = 2 * Math.max(...MASKED_TARGETS.map((t) => t.length)) + 2;

interface CompiledProfanity {
  strictForm: string;
  looseForm: string;
  mode: ProfanityEntry['mode'];
  strict: boolean;
}

const PROFANITY: CompiledProfanity[] = PROFANE_WORDS.map((e) => {
  const f = collapseStretch(fold(e.form));
  return { strictForm: f, looseForm: collapse(f), mode: e.mode, strict: e.strict === true };
});

function matches(token: string, form: string, mode: ProfanityEntry['mode']): boolean {
  if (mode === 'word') return token === form;
  if (mode === 'prefix') return token.startsWith(form);
  return token.includes(form);
}

const MASK_RUN = /[*#•_%§]+/g;

/** The same words recur across an export: verdicts are cached per form (bounded). */
const PROFANE_CACHE = new Map<string, boolean>();
const PROFANE_CACHE_LIMIT = 50_000;

/** True when a token (its normalised `form`) is a profanity, plain or masked. */
export function isProfane(form: string): boolean {
  let verdict = PROFANE_CACHE.get(form);
  if (verdict === undefined) {
    verdict = judgeProfane(form);
    if (PROFANE_CACHE.size >= PROFANE_CACHE_LIMIT) PROFANE_CACHE.clear();
    PROFANE_CACHE.set(form, verdict);
  }
  return verdict;
}

function judgeProfane(form: string): boolean {
  if (/[*#•_%§]/.test(form)) {
    const letters = form.replace(MASK_RUN, '');
    if (letters.length < 2 || !/^[a-z]/.test(form)) return false;
    // A masked word far longer than any target cannot match one; and a pattern built from
    // thousands of mask runs would be too deep for the regex engine.
    if (form.length > MASKED_FORM_MAX_LENGTH) return false;
    const source = form.replace(/[^a-z*#•_%§]/g, '').replace(MASK_RUN, (run) => {
      const n = run.length;
      return n <= 2 ? `[a-z]{${n}}` : `[a-z]{${n - 1},${n + 2}}`;
    });
    const re = new RegExp(`^${source}$`);
    return MASKED_TARGETS.some((target) => re.test(target));
  }
  const loose = collapse(form);
  return PROFANITY.some((p) =>
    p.strict ? matches(form, p.strictForm, p.mode) : matches(loose, p.looseForm, p.mode),
  );
}
