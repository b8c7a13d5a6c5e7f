/**
 * What a cue says about a sentence, and the shape of a family of cue patterns: the vocabulary
 * the word lists (`cues-*.ts`) are written in and the matchers (`matchers.ts`) compile.
 */
export type CueCategory =
  /** The seller as the actor of the sentence. */
  | 'seller_actor'
  /** Amazon itself (its logistics, refunds, customer service) as the actor. */
  | 'amazon_actor'
  /** A complaint about a service only the seller gives. */
  | 'seller_service'
  /** Delivery, courier, parcel, packaging, tracking, pick-up points. */
  | 'fulfilment'
  /** Arrived / received / shipped / sent. */
  | 'arrival'
  /** A delay or a waiting time (only counts next to a delivery word). */
  | 'delay'
  /** Fewer items than ordered (a packing issue). */
  | 'missing'
  /** Broken, damaged, crushed: transit damage next to a delivery word, else the product. */
  | 'damage'
  /** Box, envelope: a delivery topic only next to damage, a delay or another delivery word. */
  | 'container'
  /** Quality, function, size, taste, smell, material, design, durability. */
  | 'product'
  /** Praise of the seller, the delivery or the product. */
  | 'praise'
  /** "Nothing against the seller", "not the seller's fault". */
  | 'exonerate'
  /** A negation that cancels a following praise word. */
  | 'negation'
  /** Reported speech ("said ok"): the next praise word is not the buyer's. */
  | 'reported';

/**
 * One family of patterns for a category and topic (one match per family and position). Entries
 * are stems and short patterns in plain accent-free spelling (see `cue` in normalise.ts: double
 * letters are collapsed on both sides, a pattern matches from a word start, `\b` closes a whole
 * word).
 */
export interface CueFamily {
  category: CueCategory;
  /** Sub-topic used for the reply and the reason (seller_service, fulfilment, product). */
  topic: string | undefined;
  patterns: string[];
}

export function family(
  category: CueCategory,
  topic: string | undefined,
  patterns: string[],
): CueFamily {
  return { category, topic, patterns };
}
