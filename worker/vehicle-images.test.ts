import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readFeedFile } from "#domain/stock-feed/feed-file.ts";
import example from "../docs/examples/dms-stock.json";
import { importStock, readCenterSlugs } from "./adapters/d1-stock-import.ts";
import { get } from "./test-support/requests.ts";
import { sizedImageUrl } from "./vehicle-images.ts";

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
let id = 0;

beforeAll(async () => {
  const rows = readFeedFile(JSON.stringify(example), "json", { centers: await readCenterSlugs(env.DB), thisMonth: "2026-11" });
  await importStock(env.DB, env.REDIRECTS, { source: "dms-images", trigger: "cli", rows, force: false, dryRun: false });
  const row = await env.DB.prepare("SELECT vehicle_id FROM vehicle_sources WHERE source_key = 'dms-images:A-4711'").first<{
    vehicle_id: number;
  }>();
  id = row!.vehicle_id;
});

/** Answers the picture server's requests with `answer`, everything else as the test setup does. */
function pictureServer(answer: (url: string) => Response | Promise<Response>) {
  const previous = vi.mocked(globalThis.fetch).getMockImplementation();
  const seen: string[] = [];
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith("https://img.example-dms.de/")) {
      seen.push(url);
      return answer(url);
    }
    return previous!(input, init);
  });
  return seen;
}

describe("imported pictures from the site's own path", () => {
  it("the import stores the sources and shows the site's paths: a card size for cards, a page size for the gallery", async () => {
    expect(
      (await env.DB.prepare("SELECT position, url FROM vehicle_images WHERE vehicle_id = ? ORDER BY position").bind(id).all()).results,
    ).toEqual([
      { position: 1, url: "https://img.example-dms.de/a-4711/1.jpg" },
      { position: 2, url: "https://img.example-dms.de/a-4711/2.jpg" },
    ]);
    expect(await env.DB.prepare("SELECT image FROM vehicles WHERE id = ?").bind(id).first()).toEqual({
      image: `/fahrzeugbild/${id}/1-480.jpg`,
    });
    const html = await (await get(`/carfinder/${id}-1-mercedes-benz-glc-300-e-4matic`)).text();
    expect(html).toContain(`/fahrzeugbild/${id}/1-1024.jpg`);
    expect(html).toContain(`/fahrzeugbild/${id}/2-1024.jpg`);
    expect(html).not.toContain("img.example-dms.de");
  });

  it("serves the picture with a day's caching, and from the cache the next time", async () => {
    const seen = pictureServer(() => new Response(JPEG, { headers: { "Content-Type": "image/jpeg" } }));
    const first = await get(`/fahrzeugbild/${id}/2-480.jpg`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/jpeg");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(JPEG);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get(`/fahrzeugbild/${id}/2-480.jpg`)).status).toBe(200);
    expect(seen).toEqual(["https://img.example-dms.de/a-4711/2.jpg"]);
  });

  it("a broken source, something that is not a picture, or a position without a picture gives the placeholder, never an error", async () => {
    pictureServer((url) =>
      url.endsWith("1.jpg") ? new Response("nope", { status: 500 }) : new Response("<html>", { headers: { "Content-Type": "text/html" } }),
    );
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const path of [
      `/fahrzeugbild/${id}/1-1024.jpg`,
      `/fahrzeugbild/${id}/2-1024.jpg`,
      `/fahrzeugbild/${id}/9-480.jpg`,
      "/fahrzeugbild/999999/1-480.jpg",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toBe("image/svg+xml");
      expect(response.headers.get("X-Image-Fallback"), path).toBe("1");
      expect(response.headers.get("Cache-Control"), path).toBe("public, max-age=60");
    }
  });

  it("asks nothing for paths that are not a picture's", async () => {
    const seen = pictureServer(() => new Response(JPEG, { headers: { "Content-Type": "image/jpeg" } }));
    for (const path of [
      "/fahrzeugbild/abc/1-480.jpg",
      `/fahrzeugbild/${id}/1-999.jpg`,
      `/fahrzeugbild/${id}/0-480.jpg`,
      "/fahrzeugbild/__proto__/1-480.jpg",
    ])
      expect((await get(path)).status, path).toBe(404);
    expect(seen).toEqual([]);
  });

  it("mobile.de's picture server is asked for the size by its rule", () => {
    expect(sizedImageUrl("https://img.classistatic.de/api/v1/mo-prod/images/56/abc?rule=mo-1024.jpg", 480)).toBe(
      "https://img.classistatic.de/api/v1/mo-prod/images/56/abc?rule=mo-480.jpg",
    );
    expect(sizedImageUrl("https://img.example-dms.de/a/1.jpg", 480)).toBe("https://img.example-dms.de/a/1.jpg");
  });
});
