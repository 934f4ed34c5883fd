import { defineConfig } from "vitest/config";

// Unit tests: pure code (domain/, redirects/, routes/, ui/, kv-seed/, the worker's I/O-free search core in worker/search/)
// and the ops scripts (scripts/, against a recorded wrangler) in Node.
// Worker integration tests live in vitest.worker.config.ts and run inside workerd.
export default defineConfig({
  test: {
    name: "unit",
    include: [
      "{domain,redirects,routes,ui,client,content,kv-seed,scripts}/**/*.test.{ts,tsx}",
      "worker/search/**/*.test.ts",
      "worker/ssr/first-screen-start.test.ts",
      "*.test.ts",
    ],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
  },
});
