// Runs before Playwright: unpacks the npm-installed Chromium once (or finds Debian's), says
// which one the run uses, and fails with the fix rather than a launch stack trace.
import { findChromium } from '../support/chromium.mjs';

try {
  const found = await findChromium();
  console.log(`Browser: ${found.version} (${found.source}, ${found.executable})`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
