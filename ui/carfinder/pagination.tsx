import { SiteLink } from "#ui/site-link.tsx";

/** Page links around the current page; plain links, so they work without JavaScript. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const pages = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((candidate) => candidate >= 1 && candidate <= pageCount)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Seitennavigation">
      <ul>
        {page > 1 ? (
          <li>
            <SiteLink to={hrefFor(page - 1)} rel="prev">
              Vorherige Seite
            </SiteLink>
          </li>
        ) : null}
        {pages.map((candidate) => (
          <li key={candidate}>
            {candidate === page ? (
              <span aria-current="page">Seite {candidate}</span>
            ) : (
              <SiteLink to={hrefFor(candidate)} aria-label={`Seite ${candidate}`}>
                {candidate}
              </SiteLink>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <SiteLink to={hrefFor(page + 1)} rel="next">
              Nächste Seite
            </SiteLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
