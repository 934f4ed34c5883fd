import { defineConfig } from "vitest/config";

// Unit tests: pure code (domain/, redirects/, routes/, ui/, kv-seed/) and the ops scripts (scripts/, against a recorded wrangler) in Node.
// Worker integration tests live in vitest.worker.config.ts and run inside workerd.
export default defineConfig({
  test: {
    name: "unit",
    include: ["{domain,redirects,routes,ui,client,content,kv-seed,scripts}/**/*.test.{ts,tsx}", "*.test.ts"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
  },
});
