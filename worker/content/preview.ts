/**
 * The Storyblok visual editor opens pages with `_storyblok_tk[space_id]`, `_storyblok_tk[timestamp]`
 * and `_storyblok_tk[token]`. Storyblok's own check ("How to verify the preview query parameters
 * of the visual editor", storyblok.com FAQ): token === hex SHA-1 of
 * `${space_id}:${preview token}:${timestamp}` and the timestamp is less than an hour old.
 * A valid token means draft content, no caches, noindex, framing by app.storyblok.com only.
 * Anything else is an ordinary visitor: the published page, never an error.
 *
 * @example
 *   const params = readPreviewParams(new URL(request.url));
 *   const preview = params !== null && (await isValidPreviewToken(params, { previewToken, nowSeconds: Date.now() / 1000 }));
 */
export interface PreviewParams {
  spaceId: string;
  timestamp: string;
  token: string;
}

/** Storyblok's limit: the editor link is valid for an hour. */
export const PREVIEW_MAX_AGE_SECONDS = 3600;
/** Clock skew between Storyblok and the edge we accept for timestamps "from the future". */
const PREVIEW_FUTURE_SKEW_SECONDS = 300;

export function readPreviewParams(url: URL): PreviewParams | null {
  const spaceId = url.searchParams.get("_storyblok_tk[space_id]");
  const timestamp = url.searchParams.get("_storyblok_tk[timestamp]");
  const token = url.searchParams.get("_storyblok_tk[token]");
  if (!spaceId || !timestamp || !token) return null;
  return { spaceId, timestamp, token };
}

export async function isValidPreviewToken(
  params: PreviewParams,
  options: { previewToken: string | undefined; spaceId?: number; nowSeconds: number },
): Promise<boolean> {
  if (!options.previewToken) return false;
  if (!/^\d{1,12}$/.test(params.spaceId) || !/^\d{1,12}$/.test(params.timestamp) || !/^[0-9a-f]{40}$/i.test(params.token)) return false;
  if (options.spaceId !== undefined && Number(params.spaceId) !== options.spaceId) return false;
  const timestamp = Number(params.timestamp);
  if (timestamp <= options.nowSeconds - PREVIEW_MAX_AGE_SECONDS || timestamp > options.nowSeconds + PREVIEW_FUTURE_SKEW_SECONDS)
    return false;
  const expected = await sha1Hex(`${params.spaceId}:${options.previewToken}:${params.timestamp}`);
  return timingSafeEqualText(expected, params.token.toLowerCase());
}

export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares in time that depends on the length only, not on where the strings differ. */
export function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** Headers of every preview response (draft content must never be cached or indexed). */
export const PREVIEW_RESPONSE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
} as const;

/** The only origin allowed to frame preview responses; every other response denies framing. */
export const PREVIEW_FRAME_ANCESTORS = "https://app.storyblok.com";

/** Whether this request is a valid visual-editor preview (any doubt = an ordinary visitor). */
export async function isPreviewRequest(
  url: URL,
  config: { STORYBLOK_PREVIEW_TOKEN?: string | undefined; STORYBLOK_SPACE_ID?: number | undefined },
  nowSeconds = Date.now() / 1000,
): Promise<boolean> {
  const params = readPreviewParams(url);
  if (!params || !config.STORYBLOK_PREVIEW_TOKEN) return false;
  return isValidPreviewToken(params, {
    previewToken: config.STORYBLOK_PREVIEW_TOKEN,
    ...(config.STORYBLOK_SPACE_ID !== undefined && { spaceId: config.STORYBLOK_SPACE_ID }),
    nowSeconds,
  });
}
