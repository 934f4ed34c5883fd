import type { Context } from "hono";
import * as z from "zod";
import type { AppEnv } from "../env.ts";
import { createContentService } from "../content/content-service.ts";
import { readCapped } from "../read-capped-body.ts";
import { keptReads } from "../adapters/kept-reads.ts";
import { isOneOf } from "#domain/is-one-of.ts";
import { isolateRecord } from "../isolate-state.ts";

/** Storyblok's payloads are a few hundred bytes; anything near this is not Storyblok. */
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;
/** Storyblok signs with HMAC-SHA1 of the raw body, hex, in this header (storyblok.com "Securing webhooks"). */
export const WEBHOOK_SIGNATURE_HEADER = "webhook-signature";
/** The story events that change what visitors see. */
export const CONTENT_ACTIONS = ["published", "unpublished", "deleted", "moved"] as const;

const WebhookBodySchema = z.looseObject({
  text: z.string().optional(),
  action: z.string().min(1),
  space_id: z.union([z.number(), z.string()]).optional(),
  story_id: z.union([z.number(), z.string()]).optional(),
  full_slug: z.string().optional(),
});

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Deliveries are coalesced per isolate (replays cost no Storyblok calls): at most one
 * cv read per window; a delivery inside it is answered 202 and leads to one trailing read at the
 * window's end, so a real publish right after another is never lost (Storyblok's payloads carry
 * no delivery id or time, so two publishes of one story look alike and cannot be told apart).
 */
export const WEBHOOK_WINDOW_MS = 2_000;
/**
 * A trailing read runs in its delivery's waitUntil, which the platform ends 30 s after the
 * response at the latest; a read that never said it finished (cancelled with it) no longer holds
 * back the next one after that.
 */
const TRAILING_READ_LIMIT_MS = 30_000;
/**
 * When this isolate last read the cv, and when the pending trailing read was scheduled (null:
 * none). Times, not the read's promise: no request waits on another's work (ADR 0035).
 */
const webhook = isolateRecord("webhook window", (): { lastRead: number; trailingSince: number | null } => ({
  lastRead: Number.NEGATIVE_INFINITY,
  trailingSince: null,
}));

/** Tests: a fresh window. */
export function forgetWebhookWindow(): void {
  webhook.lastRead = Number.NEGATIVE_INFINITY;
  webhook.trailingSince = null;
}

/**
 * POST /webhooks/storyblok: a verified story event re-reads cdn/spaces/me and stores its version
 * as the content cv in KV, so the next request in every isolate reads at the new cv (ADR 0007).
 * Unsigned, wrongly signed or oversized requests change nothing (401/413); without a configured
 * secret the endpoint is closed. Deliveries within WEBHOOK_WINDOW_MS of a read are coalesced.
 */
export async function storyblokWebhook(c: Context<AppEnv>): Promise<Response> {
  const secret = c.get("vars").STORYBLOK_WEBHOOK_SECRET;
  if (!secret) return c.json({ error: "Webhook not configured." }, 401, NO_STORE);

  const body = await readCapped(c.req.raw, WEBHOOK_BODY_LIMIT_BYTES);
  if (body === null) return c.json({ error: "Payload too large." }, 413, NO_STORE);

  const signature = c.req.header(WEBHOOK_SIGNATURE_HEADER) ?? "";
  if (!(await verifySignature(secret, body, signature))) return c.json({ error: "Invalid signature." }, 401, NO_STORE);

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return c.json({ error: "Body must be JSON." }, 400, NO_STORE);
  }
  const event = WebhookBodySchema.safeParse(json);
  if (!event.success) return c.json({ error: "Body must name an action." }, 400, NO_STORE);
  if (!isOneOf(CONTENT_ACTIONS, event.data.action)) {
    return c.json({ ok: true, ignored: true, action: event.data.action }, 200, NO_STORE);
  }

  const now = Date.now();
  if (now - webhook.lastRead < WEBHOOK_WINDOW_MS) {
    if (webhook.trailingSince === null || now - webhook.trailingSince >= TRAILING_READ_LIMIT_MS) {
      const wait = WEBHOOK_WINDOW_MS - (now - webhook.lastRead);
      webhook.trailingSince = now;
      const trailingRead = new Promise((resolve) => setTimeout(resolve, wait))
        .then(() => {
          webhook.lastRead = Date.now();
          return createContentService(c.env).refreshCv();
        })
        .then(() => keptReads.forget())
        .catch((error: unknown) => {
          c.get("sentry").captureException(error);
          console.error(
            `[${c.get("requestId")}] storyblok webhook: the trailing cache version read failed`,
            error instanceof Error ? error.message : error,
          );
        })
        .finally(() => {
          if (webhook.trailingSince === now) webhook.trailingSince = null;
        });
      c.executionCtx.waitUntil(trailingRead);
    }
    return c.json({ ok: true, action: event.data.action, coalesced: true }, 202, NO_STORE);
  }
  webhook.lastRead = now;

  try {
    const cv = await createContentService(c.env).refreshCv();
    // This isolate sees the publish on its next request; the others within a second (worker/adapters/kept-reads.ts).
    keptReads.forget();
    return c.json({ ok: true, action: event.data.action, cv }, 200, NO_STORE);
  } catch (error) {
    c.get("sentry").captureException(error);
    console.error(
      `[${c.get("requestId")}] storyblok webhook: reading the cache version failed`,
      error instanceof Error ? error.message : error,
    );
    return c.json({ error: "Could not read the cache version from Storyblok." }, 502, NO_STORE);
  }
}

/** Web Crypto's HMAC verify compares in constant time. */
export async function verifySignature(secret: string, body: Uint8Array<ArrayBuffer>, signature: string): Promise<boolean> {
  const trimmed = signature.trim().toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(trimmed)) return false;
  const bytes = new Uint8Array(20);
  for (let index = 0; index < 20; index += 1) bytes[index] = Number.parseInt(trimmed.slice(index * 2, index * 2 + 2), 16);
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-1" }, false, ["verify"]);
  return crypto.subtle.verify("HMAC", key, bytes, body);
}
