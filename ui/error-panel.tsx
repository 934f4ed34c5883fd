import { SiteLink } from "#ui/site-link.tsx";
import type { ErrorKind } from "#domain/error-catalogue.ts";
import { ERROR_COPY } from "#domain/error-copy.ts";

/** The error page body; `data-error-type` is the test attribute the spec asks for. */
export function ErrorPanel({ kind }: { kind: ErrorKind }) {
  const copy = ERROR_COPY[kind];
  return (
    <section className="error-page" data-error-type={kind} aria-labelledby="error-title">
      <h1 id="error-title" className="error-page__title">
        {copy.title}
      </h1>
      {copy.description ? <p className="error-page__text">{copy.description}</p> : null}
      <SiteLink className="button button--primary button--large" to={copy.action.href}>
        {copy.action.label}
      </SiteLink>
    </section>
  );
}
