import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/support/chromium-executable.ts";
import { fakeSentryPort } from "./e2e/support/fake-sentry.ts";
import { E2E_TAG_MANAGER_ID } from "./e2e/support/tag-manager.ts";
import { OFFLINE_ENV } from "./scripts/offline.ts";

// E2E_PORT lets parallel checkouts run their journeys side by side; the inspector port follows it.
const PORT = Number(process.env.E2E_PORT ?? 8799);
// The variables that keep wrangler off the network, as a shell prefix of the web server command (scripts/offline.ts).
const offline = Object.entries(OFFLINE_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(" ");
// The stand-in for Sentry's ingest API (e2e/support/fake-sentry.ts): browser error reports go there.
const FAKE_SENTRY_PORT = fakeSentryPort(process.env);

// Debian's chromium when installed, else the one bundled in @sparticuz/chromium (e2e/support/chromium-executable.ts).
const chromium = await chromiumLaunchOptions();

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  // One retry in CI only, and Playwright's summary names every test that needed it ("1 flaky"):
  // once in a CI run a page stopped producing frames for a whole minute (a checkbox's click waited
  // on "visible, enabled and stable" from its first poll to the test's timeout, while the same
  // journey passed 28 of 28 times under double load here). A test that fails twice still fails
  // the run; locally every failure counts at once.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 30_000,
  // A page's JavaScript starts after its load event (ADR 0046), and the suite runs two browsers
  // beside the worker on two cores: on a busy CI machine a page was seen hydrating more than
  // Playwright's default 5 s after its navigation. A page that never hydrates still fails.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: "off",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions: chromium }, grep: /@mobile/ },
  ],
  webServer: [
    {
      // The same seeded local state `npm start` uses, on its own port so a running dev site does not clash.
      // Every journey posts from 127.0.0.1: the per-IP lead limit (tested in the worker tests) is lifted.
      // The forms run with Turnstile's local stand-in (client/public/demo/turnstile.js); no secret, so the
      // worker does not call siteverify (the worker tests do, against a fake).
      command: `SEED_TAG_MANAGER_ID=${E2E_TAG_MANAGER_ID} npm run seed && ${offline} NODE_ENV=production npx wrangler dev --port ${PORT} --inspector-port ${PORT + 1000} --show-interactive-dev-session=false --var ENVIRONMENT:development --var LEAD_RATE_LIMIT_MAX:1000 --var TURNSTILE_SITE_KEY:demo-site-key --var TURNSTILE_SCRIPT_URL:/demo/turnstile.js --var SENTRY_BROWSER_DSN:http://e2epublickey@127.0.0.1:${FAKE_SENTRY_PORT}/4242`,
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node e2e/support/fake-sentry.ts ${FAKE_SENTRY_PORT}`,
      url: `http://127.0.0.1:${FAKE_SENTRY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 10_000,
    },
  ],
});
