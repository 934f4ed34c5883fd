import { sniffImageType, type StoredImageType } from "#domain/image-type.ts";
import { UPLOADED_PICTURE_NAME } from "#domain/vehicle-image-path.ts";

/**
 * Vehicle pictures a DMS uploads instead of linking (docs/stock-import.md "Pictures"): stored in the
 * R2 bucket STOCK_PICTURES under the file name a feed row names (`4711-1.jpg`), served from
 * /fahrzeugbild like linked ones. The admin endpoint (PUT /admin/stock/pictures/{name}) and
 * `npm run stock -- pictures <dir>` both store through here.
 */

/** A picture for a web page: larger ones are to be made smaller by the DMS first. */
export const MAX_STOCK_PICTURE_BYTES = 10 * 1024 * 1024;

export type StoredPicture =
  | { ok: true; name: string; contentType: StoredImageType; bytes: number }
  | { ok: false; status: 400 | 413 | 415 | 503; message: string };

/** Checks a picture: its name, its size, its type by its first bytes (a dry run stops here). */
export function checkStockPicture(name: string, bytes: Uint8Array): StoredPicture {
  if (!UPLOADED_PICTURE_NAME.test(name))
    return {
      ok: false,
      status: 400,
      message: `"${name.slice(0, 80)}" is not a picture file name (letters, digits, . - _, ending in .jpg, .jpeg, .png or .webp).`,
    };
  if (bytes.byteLength > MAX_STOCK_PICTURE_BYTES)
    return { ok: false, status: 413, message: `${name}: larger than ${MAX_STOCK_PICTURE_BYTES} bytes.` };
  const contentType = sniffImageType(bytes);
  if (contentType === null) return { ok: false, status: 415, message: `${name}: not a JPEG, PNG or WebP picture (by its first bytes).` };
  return { ok: true, name, contentType, bytes: bytes.byteLength };
}

/** Checks a picture (checkStockPicture) and stores it; replaces one of the same name. */
export async function storeStockPicture(bucket: R2Bucket, name: string, bytes: Uint8Array): Promise<StoredPicture> {
  const checked = checkStockPicture(name, bytes);
  if (!checked.ok) return checked;
  try {
    await bucket.put(name, bytes, { httpMetadata: { contentType: checked.contentType, cacheControl: "public, max-age=86400" } });
  } catch (error) {
    return { ok: false, status: 503, message: `${name}: could not be stored (${error instanceof Error ? error.message : String(error)}).` };
  }
  return checked;
}
