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

  it("takes a saved mobile.de answer with format=mobilede and the center its ads are of", async () => {
    const body = JSON.stringify({ total: 1, maxPages: 1, ads: [sampleMobileDeAd("700000001")] });
    expect((await importJson("format=mobilede&source=mobilede-push", body)).status).toBe(400);
    expect((await importJson("format=json&source=dms-push&center=center-husum", body)).status).toBe(400);
    expect((await importJson("format=mobilede&source=mobilede-push&center=gibt-es-nicht", body)).status).toBe(400);
    const applied = await importJson("format=mobilede&source=mobilede-push&center=center-husum&dryRun=true", body);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ outcome: "dry-run", added: 1, rejectedRows: [] });
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

describe("/admin/stock/pictures: pictures a DMS uploads instead of linking", () => {
  const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
  const put = (name: string, body: BodyInit, type = "image/jpeg", token?: string | null) =>
    admin(`/admin/stock/pictures/${name}`, { method: "PUT", headers: { "Content-Type": type }, body, token });

  it("stores a picture under its file name, which a feed row then names; a row's picture is served from the site's path", async () => {
    const stored = await put("A-4711-1.jpg", JPEG);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ ok: true, name: "A-4711-1.jpg", contentType: "image/jpeg", bytes: JPEG.byteLength });
    const object = await env.STOCK_PICTURES.get("A-4711-1.jpg");
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(JPEG);

    const [row] = example.vehicles;
    const imported = await importJson(
      "format=json&source=dms-pictures",
      JSON.stringify({ vehicles: [{ ...row, key: "P-1", images: ["A-4711-1.jpg", "fehlt.png"] }] }),
    );
    expect(imported.status).toBe(200);
    const { vehicle_id: id } = (await env.DB.prepare("SELECT vehicle_id FROM vehicle_sources WHERE source_key = 'dms-pictures:P-1'").first<{
      vehicle_id: number;
    }>())!;
    expect((await env.DB.prepare("SELECT url FROM vehicle_images WHERE vehicle_id = ? ORDER BY position").bind(id).all()).results).toEqual([
      { url: "upload:A-4711-1.jpg" },
      { url: "upload:fehlt.png" },
    ]);
    const picture = await admin(`/fahrzeugbild/${id}/1-1024.jpg`, { token: null });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(JPEG);
    // A file the DMS never uploaded: the placeholder, the card stays whole.
    const missing = await admin(`/fahrzeugbild/${id}/2-480.jpg`, { token: null });
    expect([missing.status, missing.headers.get("X-Image-Fallback")]).toEqual([200, "1"]);

    expect((await admin("/admin/stock/pictures/A-4711-1.jpg", { method: "DELETE" })).status).toBe(204);
    expect(await env.STOCK_PICTURES.get("A-4711-1.jpg")).toBeNull();
  });

  it("refuses what is not a picture by its bytes, a name that is not a picture file's, a body over 10 MB, no token", async () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script>");
    expect((await put("x.jpg", html)).status).toBe(415);
    expect((await put("x.jpg", JPEG, "text/html")).status).toBe(415);
    expect((await put("x.svg", JPEG)).status).toBe(400);
    expect((await put("..%2Fetc.jpg", JPEG)).status).toBe(400);
    expect((await put("__proto__.jpg", JPEG)).status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(JPEG);
    expect((await put("gross.jpg", big)).status).toBe(413);
    expect((await put("x.jpg", JPEG, "image/jpeg", null)).status).toBe(401);
    for (const name of ["x.jpg", "x.svg", "gross.jpg"]) expect(await env.STOCK_PICTURES.get(name)).toBeNull();
  });
});
