import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

// The end-to-end stack runs beside a developer's `npm start`: every port shifted by 100 and its
// own data directory, wiped at start-up. E2E_PORT_OFFSET and E2E_LOCAL_DIR let two runs share a
// machine.
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 100);
const LOCAL_DIR = process.env.E2E_LOCAL_DIR ?? '.local-e2e';
const WEB_URL = `http://127.0.0.1:${5173 + PORT_OFFSET}`;
const CI = Boolean(process.env.CI);

interface Browser {
  executable: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The npm-installed Chromium (or Debian's, see test/support/chromium.mjs), found once by the
 * runner and handed to its workers through the environment they inherit.
 */
function browser(): Browser {
  process.env.E2E_BROWSER_JSON ??= execFileSync(process.execPath, ['test/support/chromium.mjs'], {
    encoding: 'utf8',
  });
  return JSON.parse(process.env.E2E_BROWSER_JSON) as Browser;
}
const BROWSER = browser();

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // A journey walks several pages, sign-ups with their 2 s human check and mail round trips:
  // 25 s on an idle machine for the longest, so a loaded CI runner needs room.
  timeout: 60_000,
  // Each step waits for its condition (an element, a URL, a mail) and goes on the moment it
  // holds; the ceiling only decides when a step that never holds fails. Playwright's 5 s failed
  // first visits to lazy routes on the dev server of a busy 2-core machine (it compiles them on
  // request), so steps get the room the journeys get.
  expect: { timeout: 15_000 },
  // Tests share one stack and its data; more workers would race on it.
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: WEB_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright's own browser download is not available here; its arguments are ours, not
        // the package's Lambda set (which forces a single process).
        launchOptions: {
          executablePath: BROWSER.executable,
          env: { ...process.env, ...BROWSER.env } as Record<string, string>,
          args: BROWSER.args,
        },
      },
    },
  ],
  webServer: {
    // Same entry as `npm start`, through node directly so stopping it stops the real process.
    command: 'node --import tsx bin/dev.ts',
    env: {
      LOCAL_DIR,
      LOCAL_FRESH: '1',
      // The journeys walk the production build (Vite's preview server), as sellers do: a page load
      // is a few bundled files instead of hundreds of modules the dev server compiles on request.
      // E2E_WEB=dev runs them on the dev server instead.
      LOCAL_WEB: process.env.E2E_WEB === 'dev' ? 'dev' : 'build',
      PORT_OFFSET: String(PORT_OFFSET),
      // Every journey links the simulator's one selling partner, so they all share Amazon's
      // usage plans (15 seller links, then one each 6 s at the dev pace): at 100x one journey
      // never waits on another's calls. Throttling has its own tests with their own scenarios.
      SPAPI_RATE_SCALE: '100',
      // And without the scenario's injected 429s: with no rate header on a 429, a link or a
      // report request would wait out Amazon's documented minute. Faults have their own tests.
      SPAPI_FAULTS: 'off',
      // The stage's public phone and WhatsApp (spec 2.3), as a deployment's settings give them.
      CONTACT_PHONE: '+39 02 4000 1234',
      CONTACT_WHATSAPP: '+39 333 400 1234',
      // The background reading's OCR may take 110 s a document here (20 s in the deployed reader,
      // bounded by its 29 s; under the local reading queue's 120 s visibility): on a loaded
      // two-core runner a page of 5 s of CPU took 74 s of wall time, its cold start included.
      // Journeys check what the sheet shows; npm run bench times the OCR.
      READING_OCR_MS: '110000',
    },
    // Through the web server's /api proxy: ready means the page and the gateway both answer.
    url: `${WEB_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // bin/dev.ts stops its emulators on SIGTERM; a SIGKILL would leave their data half-written.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
