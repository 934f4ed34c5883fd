import { smoke } from "../scripts/ops/smoke.ts";
import { expect, test } from "./fixtures.ts";

/** `npm run smoke`'s checks against the real local site: what an operator runs after a deploy passes here. */
test("the post-deploy smoke checks pass against a running site", async ({ baseURL }) => {
  const checks = await smoke(baseURL!);
  expect(checks.filter((check) => !check.ok)).toEqual([]);
  expect(checks.map((check) => check.name)).toEqual([
    "GET /healthz",
    "GET /sitemap.xml",
    "GET a vehicle page",
    "GET / (security headers)",
    "POST /webhooks/storyblok unsigned → 401",
  ]);
});
