import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../index.ts";
import { readImportRuns } from "../adapters/d1-stock-import.ts";
import { runScheduledStockSync } from "./scheduled-stock-sync.ts";
import { STOCK_VERSION_KEY } from "../adapters/stock-version.ts";
import { get } from "../test-support/requests.ts";
import { FAKE_MOBILEDE_PASSWORD, FAKE_MOBILEDE_USER, sampleMobileDeAd } from "../test-support/fake-mobilede-server.ts";
import { STOCK_SYNC_CRON } from "./stock-sync-cron.ts";

const control = (path: string, init?: RequestInit) => fetch(`${env.FAKE_MOBILEDE_URL}/__control/${path}`, init);
const setAds = (customer: string, ads: unknown[]) => control(`customers/${customer}`, { method: "PUT", body: JSON.stringify(ads) });

const configured = {
  ...env,
  MOBILEDE_BASE_URL: `${env.FAKE_MOBILEDE_URL}/search-api`,
  MOBILEDE_USER: FAKE_MOBILEDE_USER,
  MOBILEDE_PASSWORD: FAKE_MOBILEDE_PASSWORD,
  MOBILEDE_CUSTOMERS: JSON.stringify({ "4711001": "center-goslar" }),
} as Env;

async function trigger(cron: string, environment: Env = configured) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), environment, ctx);
  await waitOnExecutionContext(ctx);
}

async function idOf(sourceKey: string): Promise<number | undefined> {
  const row = await env.DB.prepare("SELECT vehicle_id FROM vehicle_sources WHERE source_key = ?")
    .bind(sourceKey)
    .first<{ vehicle_id: number }>();
  return row?.vehicle_id;
}

describe("the stock sync's cron trigger", () => {
  beforeEach(async () => {
    await control("reset", { method: "POST" });
  });

  it("imports the group's mobile.de ads: the vehicle pages show them; a car sold on mobile.de is sold on the site", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await setAds("4711001", [sampleMobileDeAd("500000001"), sampleMobileDeAd("500000002")]);
    const version = await env.REDIRECTS.get(STOCK_VERSION_KEY);
    await trigger(STOCK_SYNC_CRON);
    const [first, second] = [await idOf("mobilede:500000001"), await idOf("mobilede:500000002")];
    expect(first).toBeDefined();
    expect(await env.REDIRECTS.get(STOCK_VERSION_KEY)).not.toBe(version);
    expect(JSON.parse(String(log.mock.calls.at(-1)?.[0]))).toMatchObject({
      event: "stock-sync",
      source: "mobilede",
      outcome: "applied",
      added: 2,
    });
    const page = await get(`/carfinder/${first}-1-mercedes-benz-glc-300-de-4matic-amg-line`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/fahrzeugbild/${first}/1-1024.jpg`);
    expect(await env.DB.prepare("SELECT url FROM vehicle_images WHERE vehicle_id = ? AND position = 1").bind(first).first()).toEqual({
      url: "https://img.classistatic.de/api/v1/mo-prod/images/01/500000001-1?rule=mo-1024.jpg",
    });

    await setAds("4711001", [sampleMobileDeAd("500000001")]);
    await trigger(STOCK_SYNC_CRON);
    expect(await env.DB.prepare("SELECT status FROM vehicles WHERE id = ?").bind(second).first()).toEqual({ status: "sold" });
    expect((await readImportRuns(env.DB, 1))[0]).toMatchObject({ trigger: "cron", outcome: "applied", sold: 1 });
  });

  // mobile.de answers 429 four times: three waits of its Retry-After (1 s), then the sync gives up.
  it("mobile.de failing changes nothing; the run and a warning say why, and the next trigger tries again", {
    timeout: 20_000,
  }, async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await setAds("4711001", [sampleMobileDeAd("500000011")]);
    await control("fail?status=429&count=4", { method: "POST" });
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM vehicles").first();
    await trigger(STOCK_SYNC_CRON);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM vehicles").first()).toEqual(before);
    expect((await readImportRuns(env.DB, 1))[0]).toMatchObject({
      trigger: "cron",
      outcome: "failed",
      message: expect.stringMatching(/HTTP 429/),
    });
    expect(JSON.parse(String(warn.mock.calls.at(-1)?.[0]))).toMatchObject({ event: "stock-sync", outcome: "failed" });
    await trigger(STOCK_SYNC_CRON);
    expect(await idOf("mobilede:500000011")).toBeDefined();
  });

  it("does nothing without MOBILEDE_CUSTOMERS, and records a misconfiguration instead of failing the site", async () => {
    const runs = (await readImportRuns(env.DB, 500)).length;
    await trigger(STOCK_SYNC_CRON, env);
    expect((await readImportRuns(env.DB, 500)).length).toBe(runs);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await trigger(STOCK_SYNC_CRON, { ...configured, MOBILEDE_CUSTOMERS: "{kaputt" } as Env);
    expect((await readImportRuns(env.DB, 1))[0]).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(/^nicht eingerichtet: MOBILEDE_CUSTOMERS ist kein JSON/),
    });
    expect(warn).toHaveBeenCalled();
    expect((await get("/")).status).toBe(200);
  });

  it("deletes sold vehicles past STOCK_SOLD_RETENTION_DAYS with their history and key; recently sold ones stay", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await setAds("4711001", [sampleMobileDeAd("500000021"), sampleMobileDeAd("500000022"), sampleMobileDeAd("500000023")]);
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 28 + offset, 9));
    await runScheduledStockSync(configured, day(0));
    const [kept, old] = [await idOf("mobilede:500000021"), await idOf("mobilede:500000022")];
    await setAds("4711001", [sampleMobileDeAd("500000021"), sampleMobileDeAd("500000023")]);
    await runScheduledStockSync(configured, day(1));
    expect(await env.DB.prepare("SELECT status, sold_at FROM vehicles WHERE id = ?").bind(old).first()).toEqual({
      status: "sold",
      sold_at: day(1).toISOString(),
    });
    await setAds("4711001", [sampleMobileDeAd("500000021")]);
    await runScheduledStockSync(configured, day(80));
    const recent = await idOf("mobilede:500000023");

    await runScheduledStockSync({ ...configured, STOCK_SOLD_RETENTION_DAYS: "90" } as Env, day(92));
    expect(await env.DB.prepare("SELECT id FROM vehicles WHERE id = ?").bind(old).first()).toBeNull();
    for (const table of ["vehicle_documents WHERE id", "vehicle_prices WHERE vehicle_id", "vehicle_sources WHERE vehicle_id"])
      expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} = ?`).bind(old).first()).toEqual({ n: 0 });
    expect(await env.DB.prepare("SELECT status FROM vehicles WHERE id = ?").bind(recent).first()).toEqual({ status: "sold" });
    expect(await env.DB.prepare("SELECT status FROM vehicles WHERE id = ?").bind(kept).first()).toEqual({ status: "available" });
    // (and the vehicles the other tests here sold on the real today)
    expect(log.mock.calls.map(([line]) => String(line)).some((line) => /"event":"stock-retention","deleted":[1-9]/.test(line))).toBe(true);
  });
});
