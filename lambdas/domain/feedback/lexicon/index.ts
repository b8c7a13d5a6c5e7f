/**
 * The cue vocabulary of the feedback classifier, per removal rule, in Italian, English, German,
 * French and Spanish. Entries are stems and short patterns in plain accent-free spelling (see
 * `cue` in normalise.ts: double letters are collapsed on both sides, a pattern matches from a
 * word start, `\b` closes a whole word). Nothing here is a sample sentence: each entry is a
 * word family or a construction buyers use for that topic.
 *
 * The word lists are data (`cues-*.ts`, `profanity.ts`, `names.ts`); `matchers.ts` compiles and
 * reads them.
 */
export type { CueCategory } from './categories';
export { cuesAt, isProfane, PROFANE_PHRASES } from './matchers';
export { FIRST_NAMES, NOT_SURNAMES, PERSON_TITLES } from './names';
