/**
 * Profanity (rule 3), in English, Italian, German, French and Spanish: the word forms, the
 * two-word phrases and the full forms a masked word is compared with. `isProfane` in
 * matchers.ts reads them.
 *
 * Whole-word forms; `contains` entries also match inside compounds (vaffanculo, bullshit,
 * Scheißladen). `strict` entries only match with their double letters (cazzo, not the Spanish
 * "cazo", a saucepan).
 */

export interface ProfanityEntry {
  form: string;
  mode: 'word' | 'prefix' | 'contains';
  strict?: boolean;
}

export const PROFANE_WORDS: ProfanityEntry[] = [
  // English
  { form: 'fuck', mode: 'contains' },
  { form: 'fuk', mode: 'prefix' },
  { form: 'fck', mode: 'prefix' },
  { form: 'fking', mode: 'word' },
  { form: 'wtf', mode: 'word' },
  { form: 'stfu', mode: 'word' },
  { form: 'shit', mode: 'contains' },
  { form: 'sht', mode: 'word' },
  { form: 'asshole', mode: 'contains' },
  { form: 'arsehole', mode: 'contains' },
  { form: 'dumbass', mode: 'word' },
  { form: 'bitch', mode: 'prefix' },
  { form: 'bastard', mode: 'prefix' },
  { form: 'dickhead', mode: 'prefix' },
  { form: 'wanker', mode: 'prefix' },
  { form: 'twat', mode: 'word' },
  { form: 'cunt', mode: 'prefix' },
  { form: 'bollocks', mode: 'word' },
  { form: 'motherfucker', mode: 'contains' },
  // Italian
  { form: 'cazzo', mode: 'word', strict: true },
  { form: 'cazzi', mode: 'word', strict: true },
  { form: 'cazzat', mode: 'prefix', strict: true },
  { form: 'cazzon', mode: 'prefix', strict: true },
  { form: 'incazz', mode: 'prefix', strict: true },
  { form: 'fancul', mode: 'contains' },
  { form: 'merd', mode: 'contains' },
  { form: 'stronz', mode: 'prefix' },
  { form: 'puttan', mode: 'prefix' },
  { form: 'troia', mode: 'word' },
  { form: 'troie', mode: 'word' },
  { form: 'coglion', mode: 'prefix' },
  { form: 'minchi', mode: 'prefix' },
  { form: 'cagare', mode: 'word' },
  { form: 'cagata', mode: 'prefix' },
  { form: 'cagate', mode: 'word' },
  { form: 'porcodio', mode: 'word' },
  { form: 'diocane', mode: 'word' },
  { form: 'culo', mode: 'word' },
  { form: 'sticazzi', mode: 'word' },
  // German
  { form: 'scheis', mode: 'contains' },
  { form: 'arschloch', mode: 'contains' },
  { form: 'arsch', mode: 'prefix' },
  { form: 'fick', mode: 'contains' },
  { form: 'wichser', mode: 'prefix' },
  { form: 'hurensohn', mode: 'contains' },
  { form: 'kacke', mode: 'prefix' },
  { form: 'kackding', mode: 'word' },
  { form: 'fotze', mode: 'prefix' },
  { form: 'schlampe', mode: 'prefix' },
  // French
  { form: 'putain', mode: 'prefix' },
  { form: 'ptain', mode: 'word' },
  { form: 'ptn', mode: 'word' },
  { form: 'connard', mode: 'prefix' },
  { form: 'connasse', mode: 'prefix' },
  { form: 'salaud', mode: 'prefix' },
  { form: 'salope', mode: 'prefix' },
  { form: 'encule', mode: 'prefix' },
  { form: 'chier', mode: 'word' },
  { form: 'foutre', mode: 'word' },
  { form: 'niquer', mode: 'prefix' },
  { form: 'nique', mode: 'word' },
  { form: 'batard', mode: 'prefix' },
  // Spanish
  { form: 'mierd', mode: 'contains' },
  { form: 'joder', mode: 'prefix' },
  { form: 'jodid', mode: 'prefix' },
  { form: 'puta', mode: 'word' },
  { form: 'putas', mode: 'word' },
  { form: 'puto', mode: 'word' },
  { form: 'putada', mode: 'word' },
  { form: 'hostia', mode: 'word' },
  { form: 'cabron', mode: 'prefix' },
  { form: 'gilipoll', mode: 'prefix' },
  { form: 'pendej', mode: 'prefix' },
  { form: 'carajo', mode: 'word' },
  { form: 'capullo', mode: 'word' },
  { form: 'cojon', mode: 'prefix' },
  { form: 'cago', mode: 'word' },
  { form: 'cagar', mode: 'word' },
];

/** Two-word profanity where each word alone is clean. */
export const PROFANE_PHRASE_PATTERNS: string[] = [
  'porca (?:madona|puttana|troia|miseria puttana)',
  'porco (?:dio|giuda)\\b',
  'dio (?:cane|porco)\\b',
  'ta gueule',
  'fils de pute',
  'hijo de puta',
  'piss off',
  'me cago en',
  'fa cagare',
  'va te faire',
];

/**
 * Full forms a masked word is compared with: "m***a" must be some profanity of the same
 * length, not any word.
 */
export const MASKED_TARGET_WORDS: string[] = [
  'fuck',
  'fucking',
  'fucked',
  'fucker',
  'shit',
  'shitty',
  'bullshit',
  'asshole',
  'bitch',
  'cunt',
  'bastard',
  'merda',
  'merde',
  'mierda',
  'cazzo',
  'cazzata',
  'cazzate',
  'stronzo',
  'stronza',
  'stronzi',
  'puttana',
  'puttanata',
  'troia',
  'coglione',
  'coglioni',
  'minchia',
  'fanculo',
  'vaffanculo',
  'scheisse',
  'scheiss',
  'arschloch',
  'ficken',
  'wichser',
  'putain',
  'connard',
  'connards',
  'connasse',
  'salope',
  'encule',
  'joder',
  'puta',
  'gilipollas',
  'cabron',
  'cojones',
  'hostia',
  'damn',
];
