/**
 * Feed pictures are served from the site's own path (docs/stock-import.md "Pictures"):
 * `/fahrzeugbild/{vehicle id}/{position}-{width}.jpg`. The worker looks the source address up in
 * `vehicle_images` (only what an import wrote: no open proxy), fetches the size asked for, caches
 * it, and answers a placeholder when the source fails, so a broken address never breaks a card.
 */
export const VEHICLE_IMAGE_PREFIX = "/fahrzeugbild";
/** Cards (400 CSS px, 1.2× density) and the gallery, compare and favourites (800 CSS px). */
export const VEHICLE_IMAGE_WIDTHS = { card: 480, page: 1024 } as const;
export type VehicleImageWidth = (typeof VEHICLE_IMAGE_WIDTHS)[keyof typeof VEHICLE_IMAGE_WIDTHS];
export const MAX_VEHICLE_IMAGES = 50;

export function vehicleImagePath(vehicleId: number, position: number, width: VehicleImageWidth): string {
  return `${VEHICLE_IMAGE_PREFIX}/${vehicleId}/${position}-${width}.jpg`;
}

/** The parts of an image path's last two segments, or null when they are not one. */
export function parseVehicleImagePath(id: string, file: string): { vehicleId: number; position: number; width: VehicleImageWidth } | null {
  const match = /^(\d{1,2})-(480|1024)\.jpg$/.exec(file);
  if (!/^[1-9]\d{0,9}$/.test(id) || !match) return null;
  const position = Number(match[1]);
  if (position < 1 || position > MAX_VEHICLE_IMAGES) return null;
  return { vehicleId: Number(id), position, width: Number(match[2]) as VehicleImageWidth };
}

/**
 * The picture to show at thumbnail size (the gallery's 120 CSS px row): an imported picture's card
 * width instead of the page width. Four thumbnails are in a phone's first screen, and at 1024 px
 * they would share a slow line with the gallery's large picture, the page's LCP. Any other path
 * (the demo's SVGs, a Storyblok asset) is returned as it is.
 *
 * @example
 * thumbnailSource("/fahrzeugbild/4711/2-1024.jpg") // → "/fahrzeugbild/4711/2-480.jpg"
 */
export function thumbnailSource(image: string): string {
  const [id, file, ...rest] = image.startsWith(`${VEHICLE_IMAGE_PREFIX}/`) ? image.slice(VEHICLE_IMAGE_PREFIX.length + 1).split("/") : [];
  const parts = id !== undefined && file !== undefined && rest.length === 0 ? parseVehicleImagePath(id, file) : null;
  return parts ? vehicleImagePath(parts.vehicleId, parts.position, VEHICLE_IMAGE_WIDTHS.card) : image;
}

/**
 * A picture the DMS uploaded (R2 bucket STOCK_PICTURES) is named in a feed by its file name alone
 * and kept as `upload:{name}`: letters, digits, dot, hyphen, underscore, a picture's extension.
 */
export const UPLOADED_PICTURE_PREFIX = "upload:";
export const UPLOADED_PICTURE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.(?:jpe?g|png|webp)$/i;

/** The uploaded file an image reference names, or null when it is an address. */
export function uploadedPictureName(reference: string): string | null {
  if (!reference.startsWith(UPLOADED_PICTURE_PREFIX)) return null;
  const name = reference.slice(UPLOADED_PICTURE_PREFIX.length);
  return UPLOADED_PICTURE_NAME.test(name) ? name : null;
}

/**
 * A picture the import serves from /fahrzeugbild: https from elsewhere, or an uploaded file. The
 * site's own paths (the demo's) stay as they are.
 */
export function isRemoteImage(url: string): boolean {
  return url.startsWith("https://") || uploadedPictureName(url) !== null;
}
