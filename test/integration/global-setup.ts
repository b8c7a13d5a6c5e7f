import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { IT_ENV, LOG_FILE, PID_FILE, STACK_FILE } from './stack';

/** Starts the real local stack (the `npm start` code path, without the web server) once for all suites. */
export default async function globalSetup() {
  const root = path.resolve(__dirname, '../..');
  fs.rmSync(STACK_FILE, { force: true });
  const log = fs.openSync(LOG_FILE, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/dev.ts'], {
    cwd: root,
    env: { ...process.env, ...IT_ENV },
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  fs.writeFileSync(PID_FILE, String(child.pid));
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(STACK_FILE)) {
    if (child.exitCode !== null) {
      throw new Error(`The test stack exited early:\n${fs.readFileSync(LOG_FILE, 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error('The test stack did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}
