import { isOneOf } from "#domain/is-one-of.ts";
/**
 * One helper for Storyblok's image service (spec section 9 "Image filters": quality and blur
 * 0–100, rotate 90/180/270, formats webp/png/jpeg). URLs follow the image service docs:
 * `{asset}/m/{fit-in/}{w}x{h}/filters:quality(80):blur(5):rotate(90):format(webp):focal(…)`,
 * where 0 in a dimension keeps the aspect ratio.
 *
 * Invalid option values are clamped (quality, blur, sizes) or dropped (rotate, format, focus)
 * by hand instead of with zod: this module runs in every image-bearing block in the browser, and
 * zod stays off the first load (docs/decisions/0006-first-load-js-without-zod.md).
 *
 * Filenames that are not Storyblok assets (our own `/images/…` SVGs, anything else) pass through
 * unchanged, and so do Storyblok SVGs: the image service cannot resize vector images.
 *
 * @example
 * storyblokImage("https://a.storyblok.com/f/1/1600x900/abc/car.jpg", { width: 800, format: "webp", quality: 70 })
 * // → "https://a.storyblok.com/f/1/1600x900/abc/car.jpg/m/800x0/filters:quality(70):format(webp)"
 */

export const IMAGE_FORMATS = ["webp", "png", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_ROTATIONS = [90, 180, 270] as const;
export type ImageRotation = (typeof IMAGE_ROTATIONS)[number];

export interface StoryblokImageOptions {
  width?: number;
  height?: number;
  /** 0–100, clamped */
  quality?: number;
  /** 0–100, clamped */
  blur?: number;
  /** 90, 180 or 270; anything else is ignored */
  rotate?: number;
  format?: string;
  /** Scale inside the box instead of cropping (`/m/fit-in/…`). */
  fitIn?: boolean;
  /** Storyblok's focus field "x1xy1:x2xy2"; used when cropping to both dimensions. */
  focus?: string | null;
}

/** The largest edge the image service renders; bigger requests are clamped to it. */
const MAX_DIMENSION = 4000;
const FOCUS_PATTERN = /^\d{1,5}x\d{1,5}:\d{1,5}x\d{1,5}$/;

/** Storyblok serves assets from a.storyblok.com and regional hosts (a-us., a-ap., …) under /f/. */
export function isStoryblokAsset(filename: string): boolean {
  return storyblokAssetUrl(filename) !== undefined;
}

function storyblokAssetUrl(filename: string): URL | undefined {
  const url = parseAbsolute(filename);
  if (!url) return undefined;
  const storyblokHost = url.hostname === "a.storyblok.com" || /^[a-z0-9-]+\.storyblok\.com$/.test(url.hostname);
  return storyblokHost && url.pathname.startsWith("/f/") ? url : undefined;
}

/** The site's own vehicle pictures (`/images/vehicles/{shape}-{colour}-{view}.svg`, kv-seed/vehicle-images.ts) are all this size. */
export const SITE_VEHICLE_IMAGE = { width: 800, height: 500 } as const;
const SITE_VEHICLE_IMAGE_PATH = /^\/images\/vehicles\/[a-z0-9-]+\.svg$/;

/**
 * Intrinsic size of an image the site renders, when it is known without fetching it: Storyblok
 * assets (from their path) and the site's own vehicle pictures. Lets every `<img>` carry
 * width/height, so nothing shifts when it loads.
 */
export function knownImageDimensions(filename: string): { width: number; height: number } | undefined {
  if (SITE_VEHICLE_IMAGE_PATH.test(filename)) return { ...SITE_VEHICLE_IMAGE };
  return storyblokImageDimensions(filename);
}

/** Width and height encoded in a Storyblok asset path (`/f/{space}/{w}x{h}/{hash}/{name}`). */
export function storyblokImageDimensions(filename: string): { width: number; height: number } | undefined {
  if (!isStoryblokAsset(filename)) return undefined;
  const match = /\/f\/\d+\/(\d+)x(\d+)\//.exec(filename);
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

export function storyblokImage(filename: string, options: StoryblokImageOptions = {}): string {
  const asset = storyblokAssetUrl(filename);
  if (!asset) return filename;
  const base = normaliseAssetUrl(asset);
  if (/\.svg\/*$/i.test(asset.pathname)) return base;

  const width = dimension(options.width);
  const height = dimension(options.height);
  const filters: string[] = [];
  if (options.quality !== undefined && Number.isFinite(options.quality)) filters.push(`quality(${clamp(options.quality, 0, 100)})`);
  if (options.blur !== undefined && Number.isFinite(options.blur)) filters.push(`blur(${clamp(options.blur, 0, 100)})`);
  if (isOneOf(IMAGE_ROTATIONS, options.rotate ?? 0)) filters.push(`rotate(${options.rotate})`);
  if (isOneOf(IMAGE_FORMATS, options.format ?? "")) filters.push(`format(${options.format})`);
  const cropping = width > 0 && height > 0 && !options.fitIn;
  if (cropping && options.focus && FOCUS_PATTERN.test(options.focus)) filters.push(`focal(${options.focus})`);

  const parts = [`${base}/m`];
  if (options.fitIn && (width > 0 || height > 0)) parts.push("fit-in");
  if (width > 0 || height > 0) parts.push(`${width}x${height}`);
  if (filters.length > 0) parts.push(`filters:${filters.join(":")}`);
  // "/m/" alone is the documented "optimise only" form.
  return parts.length === 1 ? `${base}/m/` : parts.join("/");
}

/**
 * A srcset for the given widths (proportional heights), never wider than the original when the
 * filename says how wide it is. Undefined when the image service cannot resize the file.
 */
export function responsiveSrcSet(
  filename: string,
  widths: readonly number[],
  options: Omit<StoryblokImageOptions, "width" | "height"> & { aspectRatio?: number } = {},
): string | undefined {
  if (!isStoryblokAsset(filename) || /\.svg$/i.test(filename)) return undefined;
  const original = storyblokImageDimensions(filename);
  const usable = [...new Set(widths.map(dimension).filter((width) => width > 0 && (!original || width <= original.width)))].sort(
    (a, b) => a - b,
  );
  if (original && usable.length === 0) usable.push(original.width);
  if (usable.length === 0) return undefined;
  const { aspectRatio, ...rest } = options;
  return usable
    .map((width) => `${storyblokImage(filename, { ...rest, width, height: aspectRatio ? Math.round(width / aspectRatio) : 0 })} ${width}w`)
    .join(", ");
}

/** Image sources the site renders: https URLs and paths of the site itself (no data:, no http:). */
export function isSafeImageSource(src: string): boolean {
  if (src === "" || /[\u0000-\u001f\u007f\\]/.test(src)) return false;
  if (src.startsWith("//")) return isSafeImageSource(`https:${src}`);
  if (src.startsWith("/")) return true;
  try {
    return new URL(src).protocol === "https:";
  } catch {
    return false;
  }
}

function dimension(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  return clamp(value, 0, MAX_DIMENSION);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

const ABSOLUTE_HTTP = /^(?:https?:)?\/\//i;

function parseAbsolute(value: string): URL | undefined {
  // Site paths ("/images/…") are the common case: a thrown and caught TypeError from `new URL`
  // costs ~0.5 ms in workerd, ~20 ms for the home page's images (docs/performance.md).
  if (!ABSOLUTE_HTTP.test(value)) return undefined;
  try {
    const candidate = value.startsWith("//") ? `https:${value}` : value;
    const url = new URL(candidate);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Older spaces answer protocol-relative "//a.storyblok.com/…"; the site always asks over https. */
function normaliseAssetUrl(url: URL): string {
  url.protocol = "https:";
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}
