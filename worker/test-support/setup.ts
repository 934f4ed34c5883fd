import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";
import { allKvEntries, seedD1, seedKv } from "#kv-seed/seed-data.ts";
import { importStock } from "../adapters/d1-stock-import.ts";
import { resetIsolateState } from "../isolate-state.ts";
import { BUILT_IN_SITE_SETTINGS } from "#domain/site-settings.ts";
import { setSettingsOutsidePages } from "#ui/site-context.tsx";

// Components rendered alone in a test (no page around them) read the built-in site settings.
setSettingsOutsidePages(BUILT_IN_SITE_SETTINGS);

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      /** Origin of the fake Storyblok API (vitest.worker.config.ts, worker/test-support/fake-storyblok-server.ts). */
      FAKE_STORYBLOK_URL: string;
      /** Origin of the fake CRM, HubSpot and Turnstile (worker/test-support/fake-lead-services-server.ts). */
      FAKE_LEADS_URL: string;
      /** Origin of the mobile.de Search-API stand-in (worker/test-support/fake-mobilede-server.ts). */
      FAKE_MOBILEDE_URL: string;
    }
  }
}

// Real local D1 and KV, seeded with the same demo data `npm start` uses.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedD1(env.DB, env.REDIRECTS, importStock);
await seedKv(env.REDIRECTS, allKvEntries());

// The origins tests may reach: the fakes on loopback.
const realFetch = globalThis.fetch.bind(globalThis);
const fakeOrigins = new Set([
  new URL(env.FAKE_STORYBLOK_URL).origin,
  new URL(env.FAKE_LEADS_URL).origin,
  new URL(env.FAKE_MOBILEDE_URL).origin,
]);

// STYLE.md habit 10: a console.error during a test fails it; so does an unhandled outbound request.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  // Every test starts in a fresh isolate's state: nothing kept, nothing reported, no window open
  // (worker/isolate-state.ts). worker/ssr's holders join the registry once its split has landed.
  resetIsolateState();
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (URL.canParse(url) && fakeOrigins.has(new URL(url).origin)) return realFetch(input, init);
    throw new Error(`Unexpected outbound request in a test: ${input instanceof Request ? input.url : String(input)}`);
  });
});
/** A test that provokes an error log on purpose takes it off the list (and fails if it is missing). */
export function expectConsoleError(pattern: RegExp): void {
  const index = consoleErrors.findIndex((args) => pattern.test(args.map(String).join(" ")));
  if (index === -1) throw new Error(`expected a console.error matching ${pattern}`);
  consoleErrors.splice(index, 1);
}

afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) throw new Error(`console.error was called: ${JSON.stringify(consoleErrors[0])}`);
});
