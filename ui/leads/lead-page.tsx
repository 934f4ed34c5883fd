import type { ReactNode } from "react";
import { PageHead } from "#ui/page-head.tsx";
import { LocationsNotice } from "#ui/leads/locations-notice.tsx";

/**
 * A page around a lead form: the title as document title and heading, the introduction, the
 * notice when the centers could not be read, then the form. Pages about one vehicle or model are
 * `noindex`.
 */
export function LeadPage({
  title,
  intro,
  noindex = false,
  locationsFailed = false,
  children,
}: {
  title: string;
  intro: ReactNode;
  noindex?: boolean;
  locationsFailed?: boolean;
  children: ReactNode;
}) {
  return (
    <article className="page lead-page">
      <PageHead title={title} noindex={noindex} />
      <h1>{title}</h1>
      <p className="page__intro">{intro}</p>
      {locationsFailed ? <LocationsNotice /> : null}
      {children}
    </article>
  );
}
