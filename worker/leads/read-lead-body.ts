import { TRADE_IN_PHOTOS } from "#domain/lead-vocabulary.ts";
import type { LeadRefusalReason } from "#domain/lead-outcome.ts";
import { readCapped, readFormBody, type FormBodyLimits } from "../read-capped-body.ts";

/** JSON leads are small: the longest form is well under 16 KB. */
export const MAX_JSON_BYTES = 64 * 1024;
/** A multipart lead: the fields plus the largest allowed set of photos, with room for part headers. */
export const MAX_MULTIPART_BYTES = MAX_JSON_BYTES + TRADE_IN_PHOTOS.maxCount * (TRADE_IN_PHOTOS.maxBytes + 1024);

/**
 * The most fields a lead form post may carry: the longest own form has about 30, an editor's form
 * at most 100 fields (some of them checkbox lists); 400,000 empty fields fit in 8 MB.
 */
export const MAX_FORM_FIELDS = 500;

/**
 * The limits of every lead form post, to /api/leads and to a page alike. Percent-encoding takes up
 * to three times the bytes of the same text in JSON (an umlaut is 2 bytes in UTF-8, 6 encoded), so
 * a plain post may carry what a JSON lead of 64 KB carries.
 */
export const LEAD_FORM_LIMITS: FormBodyLimits = {
  urlencodedBytes: 3 * MAX_JSON_BYTES,
  multipartBytes: MAX_MULTIPART_BYTES,
  fields: MAX_FORM_FIELDS,
};

/** The form field that carries trade-in photos in a multipart post. */
export const PHOTO_FIELD = "photos";

/** `unsupportedType`: neither JSON nor multipart, answered 415 (reason "malformed"). */
export type LeadBody = { ok: true; input: unknown; files: File[] } | { ok: false; reason: LeadRefusalReason; unsupportedType?: true };

/**
 * Reads POST /api/leads: `application/json` (≤ 64 KB) or `multipart/form-data` (fields as in a
 * plain form post, photos in `photos`; at most MAX_FORM_FIELDS parts). The body is read with a
 * hard cap while it streams; Content-Length is only used to refuse early, never trusted.
 */
export async function readLeadBody(request: Request): Promise<LeadBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json") {
    const bytes = await readCapped(request, MAX_JSON_BYTES);
    if (!bytes) return { ok: false, reason: "too_large" };
    return parseJson(bytes);
  }
  if (type === "multipart/form-data") {
    const body = await readFormBody(request, LEAD_FORM_LIMITS);
    if (!body.ok) return { ok: false, reason: body.problem === "too-large" ? "too_large" : "malformed" };
    return parseMultipart(body.bytes, body.contentType);
  }
  return { ok: false, reason: "malformed", unsupportedType: true };
}

function parseJson(bytes: Uint8Array<ArrayBuffer>): LeadBody {
  try {
    const input: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
    if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, reason: "malformed" };
    return { ok: true, input, files: [] };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<LeadBody> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return { ok: false, reason: "malformed" };
  }
  // An empty file input still sends a part with no name and no bytes: that is "no photo".
  const files = form.getAll(PHOTO_FIELD).filter((value): value is File => typeof value !== "string" && value.size > 0);
  // The lead schemas load with the first lead (they are the biggest zod module of the worker).
  const { formDataToLeadInput } = await import("#domain/lead-schemas.ts");
  return { ok: true, input: formDataToLeadInput(form), files };
}
