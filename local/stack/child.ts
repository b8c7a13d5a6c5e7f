import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
  /** Rejects if the process exits before `stop()` is called. */
  exited: Promise<never>;
}

/**
 * Starts a server as a plain `node`/`java` process (never through a wrapper, which would leave the
 * real server running when killed), with its output in `<dataDir>/logs/<name>.log`.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; logDir: string },
): Child {
  fs.mkdirSync(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let stopping = false;
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        reject(new Error(`${name} exited early (${signal ?? `code ${code}`}); see ${logFile}`));
      }
    });
    child.once('error', (error) => reject(new Error(`${name} could not start: ${error.message}`)));
  });
  exited.catch(() => undefined);
  return {
    name,
    process: child,
    logFile,
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
