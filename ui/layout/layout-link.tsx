import type { AnchorHTMLAttributes } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import type { LayoutLink } from "./page-layout.ts";

/**
 * One editor-owned link of the layout (ui/layout/page-layout.ts), already checked on the worker:
 * a site path navigates with the router, tel:, mailto: and https links are plain links, another
 * origin opens in a new tab and says so to screen readers.
 */
export function LayoutAnchor({ link, ...anchor }: { link: LayoutLink } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  if (!link.newTab) {
    return (
      <SiteLink to={link.href} {...anchor}>
        {link.label}
      </SiteLink>
    );
  }
  return (
    <SiteLink to={link.href} {...anchor} target="_blank" rel="noopener noreferrer">
      {link.label}
      <span className="visually-hidden"> (öffnet in neuem Tab)</span>
    </SiteLink>
  );
}
