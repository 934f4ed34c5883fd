import { isBrandKey, type BrandKey } from "./brands.ts";

/**
 * Contact persons (spec section 3 "Employee: name, job title, department, location"): the
 * departments of a dealership, the directory's filter (a GET form: /ansprechpartner?standort=…),
 * and how many a page shows. Zod-free: the directory's loader runs in the browser too (ADR 0006);
 * domain/data-schemas.ts holds the schemas the ports parse with.
 */

export const DEPARTMENTS = [
  { key: "geschaeftsleitung", label: "Geschäftsleitung" },
  { key: "verkauf-neuwagen", label: "Verkauf Neuwagen" },
  { key: "verkauf-gebrauchtwagen", label: "Verkauf Gebrauchtwagen" },
  { key: "nutzfahrzeuge", label: "Verkauf Transporter & Nutzfahrzeuge" },
  { key: "flotte", label: "Flotten- und Großkunden" },
  { key: "finanzierung", label: "Finanzierung & Leasing" },
  { key: "service", label: "Service" },
  { key: "teile", label: "Teile & Zubehör" },
  { key: "verwaltung", label: "Verwaltung & Empfang" },
] as const;
export type DepartmentKey = (typeof DEPARTMENTS)[number]["key"];
export const DEPARTMENT_KEYS: readonly DepartmentKey[] = DEPARTMENTS.map(({ key }) => key);

const DEPARTMENT_LABELS: ReadonlyMap<string, string> = new Map(DEPARTMENTS.map(({ key, label }) => [key, label]));

export function isDepartmentKey(value: string): value is DepartmentKey {
  return DEPARTMENT_LABELS.has(value);
}

/** The German name of a department; an unknown key is shown as it is. */
export function departmentLabel(key: string): string {
  return DEPARTMENT_LABELS.get(key) ?? key;
}

/** Query parameters of the directory's GET form. */
export const EMPLOYEE_PARAMS = { location: "standort", department: "abteilung", brand: "marke", text: "suche", page: "seite" } as const;

export const EMPLOYEES_PER_PAGE = 24;

/** Spec section 8 "No employees found: hint to adjust filters". */
export const NO_EMPLOYEES = "Keine Ansprechpartner gefunden. Bitte passen Sie Ihre Filter an.";
export const EMPLOYEES_UNAVAILABLE = "Ansprechpartner konnten nicht geladen werden. Bitte versuchen Sie es später erneut.";
export const MAX_EMPLOYEE_TEXT = 80;
const LOCATION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface EmployeeFilter {
  location?: string;
  department?: DepartmentKey;
  brand?: BrandKey;
  /** Free text: name or job title. */
  text?: string;
}

/**
 * The filter a directory URL asks for. Unknown values are dropped rather than refused (a stale
 * bookmark still shows the directory); the page (`seite`) is 1–500.
 *
 * @example
 * parseEmployeeFilter(new URLSearchParams("standort=center-husum&abteilung=service&suche=Jens"))
 * // → { filter: { location: "center-husum", department: "service", text: "Jens" }, page: 1 }
 */
export function parseEmployeeFilter(params: URLSearchParams): { filter: EmployeeFilter; page: number } {
  const filter: EmployeeFilter = {};
  const location = params.get(EMPLOYEE_PARAMS.location)?.trim() ?? "";
  if (location && location.length <= 80 && LOCATION_SLUG.test(location)) filter.location = location;
  const department = params.get(EMPLOYEE_PARAMS.department) ?? "";
  if (isDepartmentKey(department)) filter.department = department;
  const brand = params.get(EMPLOYEE_PARAMS.brand) ?? "";
  if (isBrandKey(brand)) filter.brand = brand;
  const text = (params.get(EMPLOYEE_PARAMS.text) ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_EMPLOYEE_TEXT);
  if (text) filter.text = text;
  const page = Number(params.get(EMPLOYEE_PARAMS.page));
  return { filter, page: Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1 };
}

/** The filter as the directory's query string (without "?"), in a stable order. */
export function employeeFilterQuery(filter: EmployeeFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.location) params.set(EMPLOYEE_PARAMS.location, filter.location);
  if (filter.department) params.set(EMPLOYEE_PARAMS.department, filter.department);
  if (filter.brand) params.set(EMPLOYEE_PARAMS.brand, filter.brand);
  if (filter.text) params.set(EMPLOYEE_PARAMS.text, filter.text);
  if (page > 1) params.set(EMPLOYEE_PARAMS.page, String(page));
  return params.toString();
}

/** Whether a query string carries any directory filter (such a page is rendered, not taken from the HTML cache). */
export function hasEmployeeFilter(search: string): boolean {
  const params = new URLSearchParams(search);
  return [EMPLOYEE_PARAMS.location, EMPLOYEE_PARAMS.department, EMPLOYEE_PARAMS.brand, EMPLOYEE_PARAMS.text].some((name) =>
    params.has(name),
  );
}

/**
 * What ops may write into a contact person's `photo` (D1 employees.photo, migration 0016; docs/locations.md
 * "Photos"): an https address of a picture (a Storyblok asset is sized by its image service, any other
 * host is shown as it is) or a picture of the site itself under /demo/ or /images/ (the demo's portraits).
 * Raster pictures only from elsewhere; no credentials, no query tricks, no `upload:` names (there is no
 * route serving a person's upload). Anything else is no photo: the card shows the initials.
 */
export const MAX_EMPLOYEE_PHOTO_LENGTH = 2_000;
const REMOTE_PHOTO_PATH = /\.(?:jpe?g|png|webp|avif)$/i;
const SITE_PHOTO_PATH = /^\/(?:demo|images)\/(?:[a-z0-9-]+\/)*[a-z0-9][a-z0-9_-]{0,99}\.(?:jpe?g|png|webp|avif|svg)$/;
// Whitespace, quotes, angle brackets, backslashes and control characters never belong in a picture address.
const UNSAFE_PHOTO_CHARACTER = /[\s"'<>\\`\u0000-\u001f\u007f]/;

export function isEmployeePhoto(value: string): boolean {
  if (value.length === 0 || value.length > MAX_EMPLOYEE_PHOTO_LENGTH || UNSAFE_PHOTO_CHARACTER.test(value)) return false;
  if (value.startsWith("/")) return SITE_PHOTO_PATH.test(value);
  if (!value.startsWith("https://")) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.username === "" &&
    url.password === "" &&
    url.hostname.includes(".") &&
    REMOTE_PHOTO_PATH.test(url.pathname)
  );
}

/** A card shows the portrait at 4.5rem (72 CSS px); the image service is asked for twice that (sharp screens). */
export const EMPLOYEE_PHOTO_SIZE = 72;
const STORYBLOK_ASSET = /^https:\/\/(?:a|[a-z0-9-]+)\.storyblok\.com\/f\/[^?#]+\.(?:jpe?g|png|webp)$/i;

/**
 * The address a card loads a photo from: a Storyblok asset cropped square by its image service (as
 * content/storyblok-image.ts builds it; ui/ may not import content/), anything else as it is.
 *
 * @example
 * employeePhotoSource("https://a.storyblok.com/f/1/800x1000/ab/jens.jpg")
 * // → "https://a.storyblok.com/f/1/800x1000/ab/jens.jpg/m/144x144/filters:quality(80)"
 */
export function employeePhotoSource(photo: string): string {
  if (!STORYBLOK_ASSET.test(photo)) return photo;
  const size = EMPLOYEE_PHOTO_SIZE * 2;
  return `${photo}/m/${size}x${size}/filters:quality(80)`;
}
