import { SiteLink } from "#ui/site-link.tsx";
import { PageHead } from "./page-head.tsx";

interface PlaceholderPageProps {
  title: string;
  intro: string;
  /** What visitors can already use instead, shown as links. */
  links?: Array<{ label: string; href: string }>;
  children?: React.ReactNode;
}

/**
 * A real page for a feature that lands later: proper heading, German explanation and
 * onward links inside the real layout, never a blank page.
 */
export function PlaceholderPage({ title, intro, links = [], children }: PlaceholderPageProps) {
  return (
    <article className="page placeholder-page">
      <PageHead title={title} />
      <h1>{title}</h1>
      <p className="page__intro">{intro}</p>
      {children}
      {links.length > 0 ? (
        <nav aria-label="Weiterführende Seiten" className="link-list">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <SiteLink to={link.href}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
