/**
 * The info bar's dismissals (docs/decisions/0034-editor-owned-navigation.md): the close button
 * stores the notice's key (id and version, content/layout-content.ts InfoBarEntry.key) in the
 * first-party cookie `agn_notices`; the worker reads it and leaves dismissed notices out of the
 * HTML, so a dismissed notice is never painted and then removed (no layout shift), with or
 * without the HTML cache (its key names the notices a page shows). Pure and zod-free: the header
 * island writes it in the browser.
 *
 * @example
 * dismissedNotices("agn_consent=v1.none.1; agn_notices=0a1b2c3d4e5f6a7b") // Set { "0a1b2c3d4e5f6a7b" }
 */

export const NOTICE_COOKIE = "agn_notices";
/** A notice's key: 8 hex of its id, 8 hex of its content. */
const KEY = /^[0-9a-f]{16}$/;
/** Dismissals kept; older ones drop out (a notice is short-lived). */
export const MAX_DISMISSED = 8;
/** 90 days: longer than any holiday notice or campaign. */
const MAX_AGE_SECONDS = 90 * 24 * 3600;

/** The dismissed keys in a Cookie header (or document.cookie); anything malformed is ignored. */
export function dismissedNotices(cookieHeader: string | null | undefined): Set<string> {
  const dismissed = new Set<string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name !== NOTICE_COOKIE || !value) continue;
    for (const key of value.split(".").slice(0, MAX_DISMISSED)) if (KEY.test(key)) dismissed.add(key);
  }
  return dismissed;
}

/**
 * The Set-Cookie value after dismissing `key`: an older version of the same notice (same id
 * part) is replaced, at most MAX_DISMISSED keys are kept, newest first.
 */
export function noticeCookieAfterDismissing(cookieHeader: string | null | undefined, key: string, secure: boolean): string | null {
  if (!KEY.test(key)) return null;
  const others = [...dismissedNotices(cookieHeader)].filter((kept) => kept.slice(0, 8) !== key.slice(0, 8));
  const value = [key, ...others].slice(0, MAX_DISMISSED).join(".");
  return `${NOTICE_COOKIE}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
