import path from 'node:path';

/** The scenario the local stack and the standalone simulator load unless told otherwise. */
export const DEFAULT_SCENARIO_FILE = path.resolve(__dirname, 'default.json');
