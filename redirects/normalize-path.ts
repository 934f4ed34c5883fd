/**
 * The lookup key of the legacy redirect table (spec section 2, rule 1): one
 * key per legacy page however the visitor spells its path, so a request costs
 * a single exact KV read instead of a scan over the rules.
 *
 * @example
 * normalizeRedirectKey("/Ansprechpartner/Max-Muster/"); // "/ansprechpartner/max-muster"
 * normalizeRedirectKey("//ansprechpartner//max-muster"); // "/ansprechpartner/max-muster"
 * normalizeRedirectKey("/%C3%9Cber-uns");                // "/über-uns"
 * normalizeRedirectKey("/angebote%E0%A4%A");             // null (invalid percent-encoding)
 * firstSegment("/ansprechpartner/max-muster");           // "ansprechpartner"
 */

// Workers KV keys are at most 512 bytes and carry the "redirect:" prefix
// (kv-layout.ts); no legacy page has a longer path, so longer keys cannot match.
export const MAX_REDIRECT_KEY_BYTES = 480;

const utf8 = new TextEncoder();

/**
 * Returns the key for a URL pathname (as `URL.pathname` gives it, or as a
 * table row spells it), or null when the path cannot be a legacy page:
 * invalid percent-encoding, not starting with "/", or longer than a KV key.
 * Never throws.
 */
export function normalizeRedirectKey(pathname: string): string | null {
  if (!pathname.startsWith("/")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // NFC so that a composed and a decomposed "ü" give the same key. Nearly every path is ASCII,
  // which NFC leaves as it is and whose UTF-8 length is its length: every request asks, and ICU's
  // normaliser and the encoder cost more than the rest of the middleware.
  const ascii = isAscii(decoded);
  const collapsed = (ascii ? decoded : decoded.normalize("NFC")).toLowerCase().replace(/\/{2,}/g, "/");
  const key = collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
  return (ascii ? key.length : utf8.encode(key).byteLength) <= MAX_REDIRECT_KEY_BYTES ? key : null;
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/** The first path segment of a key ("" for the root key "/"). */
export function firstSegment(key: string): string {
  const end = key.indexOf("/", 1);
  return end === -1 ? key.slice(1) : key.slice(1, end);
}
