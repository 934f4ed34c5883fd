import type { Context } from "hono";
import * as z from "zod";
import { parseVehicleImagePath, uploadedPictureName, type VehicleImageWidth } from "#domain/vehicle-image-path.ts";
import type { AppEnv } from "./env.ts";
import { logLine } from "./log-line.ts";

/**
 * GET /fahrzeugbild/{vehicle}/{position}-{width}.jpg: an imported vehicle's picture from the site's
 * own path (docs/stock-import.md "Pictures"). Only addresses an import wrote into `vehicle_images`
 * are fetched (no open proxy). The size asked for comes from the listing service's own sizes
 * (mobile.de's `rule=mo-{width}.jpg`) or Cloudflare's image resizing where the zone has it; the
 * answer is kept in the edge cache for a day. When D1 or the source fails, or the source answers
 * something that is not a picture, a placeholder takes its place for a minute: a broken address
 * never breaks a card or a gallery. A picture the DMS uploaded (`upload:{name}`) is read from the
 * R2 bucket STOCK_PICTURES and served as uploaded, at every width (R2 has no resizing; the DMS
 * uploads web-sized pictures).
 */

const CACHE_SECONDS = 86_400;
const FALLBACK_SECONDS = 60;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 5_000;
const IMAGE_TYPES = /^image\/(jpeg|png|webp|avif|gif)$/;

/** Drawn to the size of a card or the gallery (5:3 like the demo pictures), in the site's grey. */
const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 480" role="img" aria-label="Bild nicht verfügbar"><rect width="800" height="480" fill="#eceff1"/><path d="M250 300l90-110 70 80 50-55 90 85z" fill="#b0bec5"/><circle cx="330" cy="170" r="28" fill="#b0bec5"/></svg>`;

const UrlRowSchema = z.object({
  url: z.union([z.url({ protocol: /^https$/ }), z.string().refine((value) => uploadedPictureName(value) !== null)]),
});

/** The address of the size asked for: mobile.de's image server sizes by its `rule` parameter. */
export function sizedImageUrl(source: string, width: VehicleImageWidth): string {
  const url = new URL(source);
  if (url.hostname === "img.classistatic.de") url.searchParams.set("rule", `mo-${width}.jpg`);
  return url.href;
}

function placeholder(): Response {
  return new Response(PLACEHOLDER, {
    status: 200,
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": `public, max-age=${FALLBACK_SECONDS}`,
      "X-Image-Fallback": "1",
    },
  });
}

export async function vehicleImage(c: Context<AppEnv>): Promise<Response> {
  const parts = parseVehicleImagePath(c.req.param("id") ?? "", c.req.param("file") ?? "");
  if (parts === null) return c.notFound();
  const cache = await caches.open("vehicle-images").catch(() => null);
  const key = new Request(new URL(c.req.path, "https://vehicle-images.internal").href);
  const hit = await cache?.match(key).catch(() => undefined);
  if (hit) return hit;

  let source: string;
  try {
    const row = await c.env.DB.prepare("SELECT url FROM vehicle_images WHERE vehicle_id = ?1 AND position = ?2")
      .bind(parts.vehicleId, parts.position)
      .first();
    if (row === null) return placeholder();
    source = UrlRowSchema.parse(row).url;
  } catch (error) {
    console.warn(logLine("vehicle-image", { outcome: "d1-failed", message: error instanceof Error ? error.message : String(error) }));
    return placeholder();
  }

  const uploaded = uploadedPictureName(source);
  if (uploaded !== null) return uploadedPicture(c, uploaded, parts.vehicleId, (response) => cache?.put(key, response));
  try {
    const upstream = await fetch(sizedImageUrl(source, parts.width), {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      cf: { cacheEverything: true, cacheTtl: CACHE_SECONDS, image: { width: parts.width, fit: "scale-down" } },
    });
    const type = (upstream.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const length = Number(upstream.headers.get("Content-Length") ?? "0");
    if (!upstream.ok || !IMAGE_TYPES.test(type) || length > MAX_IMAGE_BYTES) {
      await upstream.body?.cancel();
      console.warn(logLine("vehicle-image", { outcome: "source-failed", vehicle: parts.vehicleId, status: upstream.status, type }));
      return placeholder();
    }
    const body = await upstream.arrayBuffer();
    if (body.byteLength > MAX_IMAGE_BYTES) return placeholder();
    const response = new Response(body, {
      status: 200,
      headers: { "Content-Type": type, "Cache-Control": `public, max-age=${CACHE_SECONDS}`, "X-Content-Type-Options": "nosniff" },
    });
    if (cache) c.executionCtx.waitUntil(cache.put(key, response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    console.warn(
      logLine("vehicle-image", {
        outcome: "source-failed",
        vehicle: parts.vehicleId,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    return placeholder();
  }
}

/** An uploaded picture from R2; the placeholder when it is missing, not a picture, or R2 fails. */
async function uploadedPicture(
  c: Context<AppEnv>,
  name: string,
  vehicleId: number,
  keep: (response: Response) => Promise<void> | undefined,
): Promise<Response> {
  try {
    const object = await c.env.STOCK_PICTURES.get(name);
    const type = object?.httpMetadata?.contentType ?? "";
    if (object === null || !IMAGE_TYPES.test(type) || object.size > MAX_IMAGE_BYTES) {
      await object?.body.cancel();
      console.warn(
        logLine("vehicle-image", { outcome: object === null ? "upload-missing" : "upload-not-a-picture", vehicle: vehicleId, name }),
      );
      return placeholder();
    }
    const response = new Response(object.body, {
      status: 200,
      headers: {
        "Content-Type": type,
        "Cache-Control": `public, max-age=${CACHE_SECONDS}`,
        "X-Content-Type-Options": "nosniff",
        ETag: object.httpEtag,
      },
    });
    c.executionCtx.waitUntil(Promise.resolve(keep(response.clone())).catch(() => undefined));
    return response;
  } catch (error) {
    console.warn(
      logLine("vehicle-image", {
        outcome: "upload-failed",
        vehicle: vehicleId,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    return placeholder();
  }
}
