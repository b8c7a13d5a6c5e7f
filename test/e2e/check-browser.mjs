// Runs before Playwright so a missing browser fails with the fix, not a launch stack trace.
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium not found at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}
