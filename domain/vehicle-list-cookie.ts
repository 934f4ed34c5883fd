import { COMPARE_PATH, FAVOURITES_PATH } from "./site-paths.ts";
import { LIST_LIMITS, parseIdList, type VehicleListKind } from "./vehicle-list-rules.ts";

/**
 * The cookie mirror of a stored vehicle list (docs/decisions/0045-list-cookie-mirror.md): the
 * browser keeps the compare list and the favourites in localStorage, and copies their ids into a
 * first-party cookie scoped to the list's own page, so the worker can render that page with its
 * vehicles (and their photos) in the first response instead of after the app, the stored list and
 * an /api round trip. The list in localStorage stays the source of truth; the cookie only says
 * which vehicles to render first. Strictly necessary for a feature the visitor asked for (§ 25
 * Abs. 2 Nr. 2 TDDDG), listed in the consent details. Pure and zod-free: the list store writes it in
 * the browser, the list pages' loader reads it on the server.
 *
 * @example
 * listCookie("compare", [100001, 100002], true)
 * // "agn_compare=100001.100002; Max-Age=7776000; Path=/carfinder/vergleich; SameSite=Lax; Secure"
 * listCookieIds("locale=de; agn_compare=100001.100002", "compare") // [100001, 100002]
 */

export const LIST_COOKIES: Readonly<Record<VehicleListKind, string>> = { compare: "agn_compare", favourites: "agn_favourites" };
/** Each list's cookie goes only to its own page: no other request carries it. */
const LIST_COOKIE_PATHS: Readonly<Record<VehicleListKind, string>> = { compare: COMPARE_PATH, favourites: FAVOURITES_PATH };
/** 90 days, renewed whenever the list is read or changed in the browser. */
const MAX_AGE_SECONDS = 90 * 24 * 3600;

/** The ids the list's cookie names, in its order, within the list's limit; malformed parts are left out. */
export function listCookieIds(cookieHeader: string | null | undefined, kind: VehicleListKind): number[] {
  const name = LIST_COOKIES[kind];
  for (const part of (cookieHeader ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    // Cookie values may not hold commas: the ids are joined by dots.
    return parseIdList(
      part
        .slice(separator + 1)
        .trim()
        .replaceAll(".", ","),
      LIST_LIMITS[kind],
    );
  }
  return [];
}

/** The cookie string (document.cookie or Set-Cookie) that mirrors `ids`; an empty list deletes the cookie. */
export function listCookie(kind: VehicleListKind, ids: readonly number[], secure: boolean): string {
  const value = ids.slice(0, LIST_LIMITS[kind]).join(".");
  const maxAge = value === "" ? 0 : MAX_AGE_SECONDS;
  return `${LIST_COOKIES[kind]}=${value}; Max-Age=${maxAge}; Path=${LIST_COOKIE_PATHS[kind]}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
