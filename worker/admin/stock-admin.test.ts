import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import example from "../../docs/examples/dms-stock.json";
import { createApp } from "../app.ts";
import { FAKE_MOBILEDE_PASSWORD, FAKE_MOBILEDE_USER, sampleMobileDeAd } from "../test-support/fake-mobilede-server.ts";
import { BROWSER_UA, ORIGIN } from "../test-support/requests.ts";
import { STOCK_IMPORT_BODY_LIMIT_BYTES } from "./stock-admin.ts";

const TOKEN = "stock-admin-token-0123456789abcdef-0123456789";

/** A request through the real app with STOCK_ADMIN_TOKEN configured. */
async function admin(path: string, init: RequestInit & { token?: string | null; vars?: Record<string, string> } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("User-Agent", BROWSER_UA);
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  const ctx = createExecutionContext();
  const testEnv = { ...env, STOCK_ADMIN_TOKEN: TOKEN, ...init.vars } as Env;
  const response = await createApp().fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }), testEnv, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}
const importJson = (query: string, body: string) =>
  admin(`/admin/stock/import?${query}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });

describe("/admin/stock", () => {
  beforeEach(async () => {
    await fetch(`${env.FAKE_MOBILEDE_URL}/__control/reset`, { method: "POST" });
  });

  it("does not exist without STOCK_ADMIN_TOKEN; asks for the token, refuses a wrong one", async () => {
    const ctx = createExecutionContext();
    const off = await createApp().fetch(new Request(`${ORIGIN}/admin/stock/runs`, { headers: { "User-Agent": BROWSER_UA } }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(off.status).toBe(404);
    const missing = await admin("/admin/stock/runs", { token: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("WWW-Authenticate")).toBe('Bearer realm="stock-admin"');
    expect((await admin("/admin/stock/runs", { token: "x".repeat(40) })).status).toBe(401);
  });

  it("takes a pushed export: a dry run plans, then the import applies and is listed with its report", async () => {
    const body = JSON.stringify(example);
    const planned = await importJson("format=json&source=dms-push&dryRun=true", body);
    expect(planned.status).toBe(200);
    expect(planned.headers.get("Cache-Control")).toBe("no-store");
    expect(await planned.json()).toMatchObject({
      outcome: "dry-run",
      added: 2,
      rejected: 1,
      rejectedRows: [{ row: 3, key: "A-4713", field: "price" }],
    });

    const applied = await importJson("format=json&source=dms-push", body);
    const result = (await applied.json()) as { outcome: string; runId: number; unmappedValues: unknown[] };
    expect(result).toMatchObject({ outcome: "applied", added: 2 });
    expect(result.unmappedValues).toHaveLength(2);

    const runs = (await (await admin("/admin/stock/runs?limit=1")).json()) as { runs: Array<{ id: number; trigger: string }> };
    expect(runs.runs[0]).toMatchObject({ id: result.runId, trigger: "admin", source: "dms-push" });
    const report = await admin(`/admin/stock/runs/${result.runId}`);
    expect(await report.json()).toMatchObject({ id: result.runId, rejected: [{ row: 3, field: "price" }] });
    expect((await admin("/admin/stock/runs/999999")).status).toBe(404);
  });

  it("refuses what it cannot take, with a clear 4xx and nothing stored", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_import_runs").first();
    expect((await importJson("format=json", "{}")).status).toBe(400);
    expect((await importJson("format=json&source=Zentrale%20Goslar", "{}")).status).toBe(400);
    expect((await importJson("format=json&source=dms-x&extra=1", "{}")).status).toBe(400);
    // A file may not stand for the mobile.de sync's or the seed's source (it would sell their vehicles).
    for (const source of ["mobilede", "demo"]) expect((await importJson(`format=json&source=${source}`, "{}")).status).toBe(400);
    const wrongType = await admin("/admin/stock/import?format=csv&source=dms-x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(wrongType.status).toBe(415);
    const broken = await importJson("format=json&source=dms-x", "{");
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toMatch(/kein gültiges JSON/);
    const huge = await importJson("format=json&source=dms-x", "x".repeat(STOCK_IMPORT_BODY_LIMIT_BYTES + 1));
    expect(huge.status).toBe(413);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_import_runs").first()).toEqual(before);
  });

  it("runs the mobile.de sync on demand, and says when it is not set up", async () => {
    expect((await admin("/admin/stock/sync", { method: "POST" })).status).toBe(409);
    await fetch(`${env.FAKE_MOBILEDE_URL}/__control/customers/4711009`, {
      method: "PUT",
      body: JSON.stringify([sampleMobileDeAd("600000001")]),
    });
    const vars = {
      MOBILEDE_BASE_URL: `${env.FAKE_MOBILEDE_URL}/search-api`,
      MOBILEDE_USER: FAKE_MOBILEDE_USER,
      MOBILEDE_PASSWORD: FAKE_MOBILEDE_PASSWORD,
      MOBILEDE_CUSTOMERS: JSON.stringify({ "4711009": "center-goslar" }),
    };
    const synced = await admin("/admin/stock/sync?dryRun=true", { method: "POST", vars });
    expect(synced.status).toBe(200);
    expect(await synced.json()).toMatchObject({ outcome: "dry-run", ads: 1 });
    const failing = await admin("/admin/stock/sync", { method: "POST", vars: { ...vars, MOBILEDE_PASSWORD: "falsch" } });
    expect(failing.status).toBe(502);
    expect(await failing.json()).toMatchObject({ outcome: "failed", message: expect.stringMatching(/Zugangsdaten/) });
  });
});
