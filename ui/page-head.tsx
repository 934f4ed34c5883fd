import { useLocation } from "react-router";
import { buildCanonicalUrl, CANONICAL_QUERY_WHITELIST } from "#domain/canonical-url.ts";
import { documentTitle, titleFromPath } from "#domain/page-title.ts";
import { useRootData } from "./root-data.ts";

interface PageHeadProps {
  /** Page title; falls back to the last path segment in title case (spec section 2). */
  title?: string;
  description?: string;
  noindex?: boolean;
}

/**
 * Title, description, canonical and robots for the current page. React 19 hoists these
 * elements into <head>, on the server and on the client alike.
 */
export function PageHead({ title, description, noindex = false }: PageHeadProps) {
  const location = useLocation();
  const root = useRootData();
  const pageTitle = title ?? titleFromPath(location.pathname);
  const canonical =
    root && !noindex
      ? buildCanonicalUrl(location.pathname, location.search, {
          origin: root.origin,
          lowercase: root.lowercaseCanonical,
          allowedParams: CANONICAL_QUERY_WHITELIST,
        })
      : null;
  return (
    <>
      <title>{documentTitle(pageTitle)}</title>
      {description ? <meta name="description" content={description} /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
