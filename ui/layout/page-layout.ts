/**
 * What one rendered page's layout shows of the editor-owned content (content/layout-content.ts,
 * docs/decisions/0034-editor-owned-navigation.md): parsed and checked on the worker, handed to the
 * layout as root loader data and to the header island as props. Plain data: the browser never
 * loads the schema or the built-in constants.
 */

/** A checked link: a path of this site, an https URL, tel: or mailto:. */
export interface LayoutLink {
  label: string;
  href: string;
  /** Another origin: opens in a new tab (said to screen readers). */
  newTab?: true;
}

export interface FooterColumn {
  heading: string;
  links: LayoutLink[];
}

/** An info bar notice valid now and not dismissed by the visitor. */
export interface InfoNotice {
  /** Id and version of the notice (16 hex): what a dismissal remembers (ui/layout/notice-cookie.ts). */
  key: string;
  text: string;
  link?: LayoutLink;
}

export interface PageLayout {
  navigation: LayoutLink[];
  topBar: { claim: string; links: LayoutLink[] };
  footerColumns: FooterColumn[];
  legalLinks: LayoutLink[];
  notices: InfoNotice[];
}
