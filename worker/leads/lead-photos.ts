import { TRADE_IN_PHOTOS } from "#domain/lead-vocabulary.ts";
import { PHOTO_MESSAGES } from "#domain/lead-outcome.ts";
import { sniffImageType } from "#domain/image-type.ts";

export interface CheckedPhoto {
  bytes: Uint8Array;
  contentType: (typeof TRADE_IN_PHOTOS.types)[number];
}

type PhotoCheck = { ok: true; photos: CheckedPhoto[] } | { ok: false; message: string };

/**
 * Trade-in photos (TRADE_IN_PHOTOS): at most 5, each ≤ 5 MB, JPEG/PNG/WebP by their first bytes.
 * The declared type and file name are not trusted; the stored type is the sniffed one.
 */
export async function checkPhotos(files: File[], kind: string): Promise<PhotoCheck> {
  if (files.length === 0) return { ok: true, photos: [] };
  if (kind !== "trade_in") return { ok: false, message: PHOTO_MESSAGES.notAllowed };
  if (files.length > TRADE_IN_PHOTOS.maxCount) return { ok: false, message: PHOTO_MESSAGES.tooMany };
  const photos: CheckedPhoto[] = [];
  for (const file of files) {
    if (file.size > TRADE_IN_PHOTOS.maxBytes) return { ok: false, message: PHOTO_MESSAGES.tooLarge };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = sniffImageType(bytes);
    if (!contentType) return { ok: false, message: PHOTO_MESSAGES.wrongType };
    photos.push({ bytes, contentType });
  }
  return { ok: true, photos };
}

export const PHOTO_EXTENSIONS: Record<CheckedPhoto["contentType"], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};
