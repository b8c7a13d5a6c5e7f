import fs from 'node:fs';
import path from 'node:path';
import { startChild } from './child';
import { waitForPort } from './ports';
import { ROOT } from './settings';

/**
 * maildev runs as its own process: in-process it installs signal handlers that exit the whole
 * stack before the other components are stopped.
 */
export async function startMail(opts: {
  host: string;
  smtpPort: number;
  webPort: number;
  dataDir: string;
}) {
  const mailDir = path.join(opts.dataDir, 'mail');
  fs.mkdirSync(mailDir, { recursive: true });
  const child = startChild(
    'maildev',
    process.execPath,
    [
      path.join(ROOT, 'node_modules/maildev/bin/maildev'),
      '--ip',
      opts.host,
      '--smtp',
      String(opts.smtpPort),
      '--web',
      String(opts.webPort),
      '--mail-directory',
      mailDir,
      '--silent',
    ],
    { cwd: opts.dataDir, logDir: path.join(opts.dataDir, 'logs') },
  );
  await Promise.race([
    Promise.all([
      waitForPort('maildev SMTP', opts.host, opts.smtpPort),
      waitForPort('maildev web', opts.host, opts.webPort),
    ]),
    child.exited,
  ]);
  return {
    webUrl: `http://${opts.host}:${opts.webPort}`,
    smtpPort: opts.smtpPort,
    stop: child.stop,
  };
}
