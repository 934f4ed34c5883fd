import { LayoutAnchor } from "./layout-link.tsx";
import type { PageLayout } from "./page-layout.ts";

/** The claim and the service links above the header (editor-owned: ui/layout/page-layout.ts). */
export function TopBar({ topBar }: { topBar: PageLayout["topBar"] }) {
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <p className="top-bar__claim">{topBar.claim}</p>
        <nav aria-label="Service-Navigation">
          <ul className="top-bar__links">
            {topBar.links.map((link, index) => (
              <li key={index}>
                <LayoutAnchor link={link} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
