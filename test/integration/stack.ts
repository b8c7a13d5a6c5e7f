import fs from 'node:fs';
import path from 'node:path';
import type { StackInfo } from '../../local/stack';

/**
 * The integration tests run their own stack, beside (never on top of) a developer's `npm start`.
 * `IT_LOCAL_DIR` and `IT_PORT_OFFSET` give a second run (another engineer's, at the same time on
 * the same machine) a stack of its own; by default every run uses `.local-it` and offset 200.
 */
export const IT_ENV = {
  LOCAL_DIR: process.env.IT_LOCAL_DIR ?? '.local-it',
  LOCAL_FRESH: '1',
  LOCAL_NO_WEB: '1',
  PORT_OFFSET: process.env.IT_PORT_OFFSET ?? '200',
  // Every test's seller links the simulator's one selling partner, so the whole suite shares
  // Amazon's usage plans (15 report requests, then one each 6 s at the dev pace): at 100× the
  // dev pace one test's reports never wait on another's. Throttling itself is tested with its
  // own scenarios (client, simulator and sync harness tests).
  SPAPI_RATE_SCALE: '100',
  // Nor does a 429 injected for another test's call land on this one's: Amazon sends no rate
  // header with a 429, so a client that has not seen the scaled rate waits out the documented
  // one (a minute for a report request). Faults have their own tests and simulators.
  SPAPI_FAULTS: 'off',
};

export const STACK_FILE = path.resolve(__dirname, '../..', IT_ENV.LOCAL_DIR, 'stack.json');
export const PID_FILE = path.resolve(__dirname, '../..', `${IT_ENV.LOCAL_DIR}.pid`);
export const LOG_FILE = path.resolve(__dirname, '../..', `${IT_ENV.LOCAL_DIR}.log`);

/** Reads what the running test stack wrote; fails loudly if global setup did not start it. */
export function stackInfo(): StackInfo {
  if (!fs.existsSync(STACK_FILE)) throw new Error(`No test stack: ${STACK_FILE} is missing`);
  return JSON.parse(fs.readFileSync(STACK_FILE, 'utf8')) as StackInfo;
}
