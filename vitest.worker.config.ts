import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defaultExclude, defineConfig } from "vitest/config";
import { CRM_TEST_SECRET } from "./worker/test-support/fake-lead-services-server.ts";
import { freePort } from "./worker/test-support/free-port.ts";

// Worker integration tests: they run inside workerd with real local KV and D1
// (miniflare), configured from wrangler.toml. Migrations are applied per test file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  // Chosen once per run (the config may be evaluated more than once); globalSetup listens on it.
  process.env.FAKE_STORYBLOK_PORT ??= String(await freePort());
  const fakeStoryblokUrl = `http://127.0.0.1:${process.env.FAKE_STORYBLOK_PORT}`;
  // The fake CRM, HubSpot and Turnstile (worker/test-support/fake-lead-services-server.ts).
  process.env.FAKE_LEADS_PORT ??= String(await freePort());
  const fakeLeadsUrl = `http://127.0.0.1:${process.env.FAKE_LEADS_PORT}`;
  // The mobile.de Search-API stand-in (worker/test-support/fake-mobilede-server.ts).
  process.env.FAKE_MOBILEDE_PORT ??= String(await freePort());
  const fakeMobileDeUrl = `http://127.0.0.1:${process.env.FAKE_MOBILEDE_PORT}`;
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: "test",
            FAKE_STORYBLOK_URL: fakeStoryblokUrl,
            FAKE_LEADS_URL: fakeLeadsUrl,
            FAKE_MOBILEDE_URL: fakeMobileDeUrl,
            // The real queue consumer runs in the background of every test and delivers to the
            // fake CRM's "default" hook; retries wait seconds, not minutes.
            CRM_WEBHOOK_URL: `${fakeLeadsUrl}/crm/default`,
            CRM_WEBHOOK_SECRET: CRM_TEST_SECRET,
            LEAD_RETRY_BASE_SECONDS: "1",
          },
          // Same queues as wrangler.toml, but a batch is delivered at once and gives up after 3 retries.
          queueConsumers: {
            "dealership-leads": { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 3, deadLetterQueue: "dealership-leads-dead" },
            "dealership-leads-dead": { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 3 },
          },
        },
      }),
    ],
    test: {
      name: "worker",
      include: ["worker/**/*.test.{ts,tsx}"],
      // The search core is pure: its tests run in Node with the unit tests (vitest.config.ts).
      exclude: [...defaultExclude, "worker/search/**", "worker/ssr/first-screen-start.test.ts"],
      // Vitest's 5 s default is ~2× what the heaviest files (the redirect admin's KV writes and
      // index checks) take on an idle 2-core machine; on a busy one two of them were seen at 6–11 s.
      // A test that hangs still fails, after 20 s.
      testTimeout: 20_000,
      setupFiles: ["./worker/test-support/setup.ts"],
      globalSetup: [
        "./worker/test-support/fake-storyblok-global-setup.ts",
        "./worker/test-support/fake-lead-services-global-setup.ts",
        "./worker/test-support/fake-mobilede-global-setup.ts",
      ],
    },
  };
});
