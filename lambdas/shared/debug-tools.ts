import type { Language } from '../domain/language';
import { ForbiddenError } from './errors';
import { message } from './messages';

/** Whether the deployment turns the diagnostic routes on (DEBUG_TOOLS, the stage's `debugTools`). */
export function debugToolsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DEBUG_TOOLS === 'true';
}

/** The stage half of the diagnostic routes' guard: refused where the stage turns them off. */
export function refuseWhenDebugToolsOff(language: Language): void {
  if (!debugToolsEnabled()) throw new ForbiddenError(message('debugToolsOff', language));
}
