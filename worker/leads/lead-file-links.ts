import type { Context } from "hono";
import * as z from "zod";
import { TRADE_IN_PHOTOS } from "#domain/lead-vocabulary.ts";
import type { AppEnv, EnvVars } from "../env.ts";
import { hmacHex, hmacMatches } from "./hmac.ts";

/** A CRM fetches photos some time after the lead arrives; a week covers weekends and holidays. */
export const FILE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The key that signs photo links; without one the CRM payload lists photos without links. */
export function fileLinkSecret(vars: EnvVars): string | undefined {
  return vars.LEAD_FILE_LINK_SECRET ?? vars.CRM_WEBHOOK_SECRET;
}

const signedPart = (leadId: string, position: number, expires: number) => `${leadId}/${position}/${expires}`;

/** https://site/api/leads/files/{leadId}/{position}?expires=…&signature=… (HMAC-SHA256). */
export async function signedFileLink(options: {
  origin: string;
  secret: string;
  leadId: string;
  position: number;
  now: number;
}): Promise<string> {
  const expires = options.now + FILE_LINK_TTL_MS;
  const signature = await hmacHex(options.secret, signedPart(options.leadId, options.position, expires));
  return `${options.origin}/api/leads/files/${options.leadId}/${options.position}?expires=${expires}&signature=${signature}`;
}

const FileRequestSchema = z.object({
  leadId: z.uuid(),
  position: z.coerce.number().int().min(1).max(TRADE_IN_PHOTOS.maxCount),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** GET /api/leads/files/:leadId/:position – the photo, if the link is signed and not expired. */
export async function serveLeadFile(c: Context<AppEnv>): Promise<Response> {
  const secret = fileLinkSecret(c.get("vars"));
  const request = FileRequestSchema.safeParse({ ...c.req.param(), expires: c.req.query("expires"), signature: c.req.query("signature") });
  if (!secret || !request.success) return c.json({ error: "Not found." }, 404);
  const { leadId, position, expires, signature } = request.data;
  if (expires < Date.now()) return c.json({ error: "This link has expired." }, 410);
  if (!(await hmacMatches(secret, signedPart(leadId, position, expires), signature))) return c.json({ error: "Not found." }, 404);
  try {
    const row = await c.env.DB.prepare("SELECT object_key FROM lead_attachments WHERE lead_id = ? AND position = ?")
      .bind(leadId, position)
      .first();
    const key = z.object({ object_key: z.string() }).safeParse(row);
    if (!key.success) return c.json({ error: "Not found." }, 404);
    const object = await c.env.LEAD_FILES.get(key.data.object_key);
    if (!object) return c.json({ error: "Not found." }, 404);
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Content-Length": String(object.size),
        "Content-Disposition": `attachment; filename="foto-${position}.${key.data.object_key.split(".").at(-1)}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    console.warn(`lead file ${leadId}/${position} unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return c.json({ error: "Temporarily unavailable." }, 503, { "Retry-After": "60" });
  }
}
