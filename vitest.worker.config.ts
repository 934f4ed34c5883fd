import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { createServer } from "node:net";
import { defineConfig } from "vitest/config";

/** A free loopback port for the fake Storyblok (worker/test-support/fake-storyblok-server.ts). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

// Worker integration tests: they run inside workerd with real local KV and D1
// (miniflare), configured from wrangler.toml. Migrations are applied per test file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  // Chosen once per run (the config may be evaluated more than once); globalSetup listens on it.
  process.env.FAKE_STORYBLOK_PORT ??= String(await freePort());
  const fakeStoryblokUrl = `http://127.0.0.1:${process.env.FAKE_STORYBLOK_PORT}`;
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: "test", FAKE_STORYBLOK_URL: fakeStoryblokUrl } },
      }),
    ],
    test: {
      name: "worker",
      include: ["worker/**/*.test.{ts,tsx}"],
      setupFiles: ["./worker/test-support/setup.ts"],
      globalSetup: ["./worker/test-support/fake-storyblok-global-setup.ts"],
    },
  };
});
