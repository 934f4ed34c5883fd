import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker integration tests: they run inside workerd with real local KV and D1
// (miniflare), configured from wrangler.toml. Migrations are applied per test file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: "test" } },
      }),
    ],
    test: {
      name: "worker",
      include: ["worker/**/*.test.{ts,tsx}"],
      setupFiles: ["./worker/test-support/setup.ts"],
    },
  };
});
