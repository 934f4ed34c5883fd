/**
 * Page titles (spec section 2): fall back to the last path segment in title case;
 * for 404 and 500 the title is the status code and message.
 */
export const SITE_NAME = "Autohaus Gruppe Nord";

export function titleFromPath(pathname: string): string {
  const segments = pathname.split("/").filter((segment) => segment.length > 0);
  const last = segments.at(-1);
  if (!last) return "Startseite";
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // keep the raw segment: invalid percent-encoding is not worth a failure here
  }
  return decoded
    .split(/[-_\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function errorTitle(status: number, message: string): string {
  return `${status} – ${message}`;
}

export function documentTitle(pageTitle: string): string {
  return `${pageTitle} | ${SITE_NAME}`;
}
