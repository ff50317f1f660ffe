import { defineConfig } from '@playwright/test';

/** Set by e2e/run.ts, which starts the server these tests run against. */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error(
    'E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`, which starts a server with fresh data',
  );
}

const TOTALS_SPECS = [
  '**/home.spec.ts',
  '**/members.spec.ts',
  '**/organizations.spec.ts',
  '**/organization-dashboard.spec.ts',
];

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  // Two spec files at a time against the one server (decision 0091): on 2 cores the suite took
  // half the time of one worker, as each test spends much of its time waiting on the server and
  // the browser. Tests within a file stay in order, in one worker.
  workers: 2,
  fullyParallel: false,
  projects: [
    // Specs that compare totals on a page with the API's (members per organization, the home
    // card's member count) run first and alone, so no other spec creates a member between the
    // page's count and the test's; they change nothing themselves.
    { name: 'totals', testMatch: TOTALS_SPECS },
    { name: 'the rest', testIgnore: TOTALS_SPECS, dependencies: ['totals'] },
  ],
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    // At least antd's xl breakpoint, so the side navigation is shown rather than collapsed.
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // DOM snapshots are what a failed test needs; the screencast of every action doubled the
    // CPU cost of tracing on this 2-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
