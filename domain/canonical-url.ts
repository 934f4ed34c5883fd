/**
 * Canonical link (spec section 2): built from the path, lowercased when configured,
 * keeping only whitelisted query parameters, sorted by name.
 */
export interface CanonicalOptions {
  origin: string;
  lowercase: boolean;
  allowedParams: readonly string[];
}

/**
 * Query parameters that select different content and so belong in the canonical URL; `seite` is
 * the page of the journal, the lease overviews and the directory (page 2 is not page 1).
 */
export const CANONICAL_QUERY_WHITELIST = ["bodystyle", "brand", "page", "seite", "sorting"] as const;

export function buildCanonicalUrl(pathname: string, search: string, options: CanonicalOptions): string {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (options.lowercase) path = path.toLowerCase();
  const allowed = new Set(options.allowedParams);
  const params = [...new URLSearchParams(search).entries()]
    .filter(([name, value]) => allowed.has(name) && value !== "")
    // Code order, names then values: deterministic on every engine, and no ICU collation in the browser.
    .sort(([a, av], [b, bv]) => (a === b ? (av === bv ? 0 : av < bv ? -1 : 1) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return `${options.origin}${path}${query ? `?${query}` : ""}`;
}
