/**
 * The whole body of a request (or of a response from elsewhere), or null as soon as it passes
 * `limit` bytes: a larger Content-Length is refused before reading, and a body that lies about its
 * length is cut off while it streams.
 */
export async function readCapped(request: Request | Response, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) {
    await request.body?.cancel();
    return null;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The two encodings an HTML form posts in. */
export type FormEncoding = "urlencoded" | "multipart";

/** The form encoding a Content-Type names, or null for anything else. */
export function formEncodingOf(contentType: string | null): FormEncoding | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return null;
}

const AMPERSAND = 0x26;

/** How often `needle` occurs in `haystack` (non-overlapping), counting no further than `stopAt`. */
function occurrences(haystack: Uint8Array, needle: Uint8Array, stopAt: number): number {
  const first = needle[0];
  if (first === undefined) return 0;
  let count = 0;
  let index = haystack.indexOf(first);
  while (index !== -1 && index + needle.length <= haystack.length) {
    let matches = true;
    for (let offset = 1; offset < needle.length; offset += 1) {
      if (haystack[index + offset] !== needle[offset]) {
        matches = false;
        break;
      }
    }
    if (matches) {
      count += 1;
      if (count > stopAt) return count;
      index = haystack.indexOf(first, index + needle.length);
    } else {
      index = haystack.indexOf(first, index + 1);
    }
  }
  return count;
}

// RFC 2046 boundary characters without the space: what every browser and HTTP client sends.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/;
const CHARSET = /^[\w-]{1,40}$/;

/**
 * The boundary of a multipart Content-Type, read strictly: `boundary` once, from RFC 2046's
 * characters, beside at most a `charset`; null for anything else (quoted pairs, other parameters,
 * odd whitespace). Counting parts is only a bound when the parser splits on the same boundary,
 * so the body is handed to the parser under the one Content-Type this yields
 * (`multipart/form-data; boundary=…`), never under the one that came in.
 */
export function multipartBoundary(contentType: string): string | null {
  const [type = "", ...params] = contentType.split(";");
  if (type.trim().toLowerCase() !== "multipart/form-data") return null;
  let boundary: string | null = null;
  for (const param of params) {
    const trimmed = param.replace(/^[ \t]+|[ \t]+$/g, "");
    const equals = trimmed.indexOf("=");
    if (equals <= 0) return null;
    const name = trimmed.slice(0, equals).toLowerCase();
    const raw = trimmed.slice(equals + 1);
    const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    if (name === "boundary") {
      if (boundary !== null || !BOUNDARY.test(value)) return null;
      boundary = value;
    } else if (name !== "charset" || !CHARSET.test(value)) return null;
  }
  return boundary;
}

/**
 * An upper bound of the number of fields in a form body, from its bytes alone (nothing is parsed):
 * urlencoded fields are separated by "&"; every multipart part starts with the boundary line
 * (`boundary` from multipartBoundary, which the parser is then given).
 */
export function countFormFields(bytes: Uint8Array, encoding: FormEncoding, boundary: string | null, stopAt: number): number {
  if (encoding === "urlencoded") {
    let fields = bytes.length > 0 ? 1 : 0;
    for (let index = bytes.indexOf(AMPERSAND); index !== -1 && fields <= stopAt; index = bytes.indexOf(AMPERSAND, index + 1)) fields += 1;
    return fields;
  }
  // The closing delimiter repeats the boundary once more than there are parts.
  return Math.max(0, occurrences(bytes, new TextEncoder().encode(`--${boundary ?? ""}`), stopAt + 1) - 1);
}

export interface FormBodyLimits {
  urlencodedBytes: number;
  multipartBytes: number;
  fields: number;
}

export type FormBody =
  /** `contentType`: the one to parse the bytes under (a multipart body's boundary as it was counted). */
  | { ok: true; bytes: Uint8Array<ArrayBuffer>; contentType: string }
  | { ok: false; problem: "unsupported-type" | "too-large" | "malformed" };

/**
 * A form post's body, read with a hard cap on its bytes while it streams and on its field count
 * before anything parses it: parsing allocates per field, so a small body of many empty fields
 * costs more memory than its size says. What comes back is safe to hand to `formData()`.
 */
export async function readFormBody(request: Request, limits: FormBodyLimits): Promise<FormBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const encoding = formEncodingOf(contentType);
  if (encoding === null) {
    await request.body?.cancel();
    return { ok: false, problem: "unsupported-type" };
  }
  const boundary = encoding === "multipart" ? multipartBoundary(contentType) : null;
  if (encoding === "multipart" && boundary === null) {
    await request.body?.cancel();
    return { ok: false, problem: "malformed" };
  }
  const bytes = await readCapped(request, encoding === "urlencoded" ? limits.urlencodedBytes : limits.multipartBytes);
  if (bytes === null) return { ok: false, problem: "too-large" };
  if (countFormFields(bytes, encoding, boundary, limits.fields) > limits.fields) return { ok: false, problem: "too-large" };
  return {
    ok: true,
    bytes,
    contentType: boundary === null ? "application/x-www-form-urlencoded" : `multipart/form-data; boundary=${boundary}`,
  };
}
