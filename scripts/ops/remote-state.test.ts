import { describe, expect, it } from "vitest";
import { readEnvironment } from "./read-environment.ts";
import { openRemoteState, remoteStateConfig } from "./remote-state.ts";

describe("npm run stock -- --remote: the deployment's D1 and KV through wrangler's remote bindings", () => {
  it("binds only the stock's D1 database, KV namespace and pictures bucket, all remote, with the environment's ids", () => {
    const resolved = {
      ...readEnvironment("production"),
      d1_databases: [{ binding: "DB", database_name: "dealership-production", database_id: "5b0c4a8e-2f3d-4c1a-9e7b-1d2c3b4a5f60" }],
      kv_namespaces: [{ binding: "REDIRECTS", id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" }],
    };
    expect(remoteStateConfig("production", resolved)).toEqual({
      name: "dealership-site-production",
      compatibility_date: "2026-11-01",
      d1_databases: [
        { binding: "DB", database_name: "dealership-production", database_id: "5b0c4a8e-2f3d-4c1a-9e7b-1d2c3b4a5f60", remote: true },
      ],
      kv_namespaces: [{ binding: "REDIRECTS", id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0", remote: true }],
      r2_buckets: [{ binding: "STOCK_PICTURES", bucket_name: "dealership-stock-pictures-production", jurisdiction: "eu", remote: true }],
    });
  });

  it("an environment without recorded ids is sent to provision first, before wrangler is asked anything", async () => {
    // wrangler.toml as committed: the deployments' ids are recorded by `npm run provision`.
    expect(remoteStateConfig("staging", readEnvironment("staging"))).toBe(
      "The staging environment has no D1 database id in wrangler.toml: run `npm run provision -- --env staging` (and deploy) first.",
    );
    const withDb = {
      ...readEnvironment("production"),
      d1_databases: [{ binding: "DB", database_id: "5b0c4a8e-2f3d-4c1a-9e7b-1d2c3b4a5f60" }],
    };
    expect(remoteStateConfig("production", withDb)).toMatch(/has no KV namespace id/);
    await expect(openRemoteState("production")).rejects.toThrow(/npm run provision -- --env production/);
  });
});
