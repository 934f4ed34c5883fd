import { expect, test } from "./fixtures.ts";

/**
 * What Workers static assets serve (client/public/_headers and .assetsignore, copied into
 * dist/client by the build), checked against wrangler's real asset server: the worker never sees
 * these requests, so only a test through it can show their headers.
 */

test("every kind of static asset is served with nosniff, hashed ones immutable", async ({ request }) => {
  const home = await (await request.get("/")).text();
  const hashed = /\/assets\/[\w.-]+\.js/.exec(home)?.[0];
  expect(hashed).toBeDefined();
  for (const path of [hashed!, "/favicon.ico", "/favicon.svg", "/demo/turnstile.js"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
  }
  expect((await request.get(hashed!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("the build's manifests (source paths) and the asset configuration files are not served", async ({ request }) => {
  for (const path of ["/.vite/manifest.json", "/.vite/editorial-manifest.json", "/.assetsignore", "/_headers"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain("client/entry.tsx");
  }
});
