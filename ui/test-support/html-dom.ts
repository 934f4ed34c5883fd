/**
 * A small read-only DOM of React's server HTML, queried the way a visitor perceives the page: by
 * role and accessible name, or by visible text (Testing Library's vocabulary, without a browser
 * environment in the unit tests). It parses well-formed markup only — what react-dom/server
 * writes — and knows the implicit roles the site's pages use.
 *
 * @example
 *   const page = parseHtml(html);
 *   page.getByRole("heading", { level: 1, name: "Unsere Standorte" });
 *   page.within(page.getByRole("table")).getAllByRole("row");
 */

export interface HtmlElement {
  tag: string;
  attrs: ReadonlyMap<string, string>;
  children: Array<HtmlElement | string>;
  parent: HtmlElement | null;
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);
const NOT_RENDERED = new Set(["script", "style", "template", "head", "title", "noscript"]);

const ENTITIES = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["nbsp", "\u00a0"],
]);

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES.get(name) ?? whole;
  });
}

const TOKEN =
  /<!--[\s\S]*?-->|<![^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|[^<]+|</g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Parses a document or a fragment; the returned root is a synthetic `#root` element. */
export function parseHtml(html: string): HtmlDom {
  const root: HtmlElement = { tag: "#root", attrs: new Map(), children: [], parent: null };
  let open = root;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match !== null; match = TOKEN.exec(html)) {
    const [token, closing, opening, attributeText] = match;
    if (closing !== undefined) {
      const tag = closing.toLowerCase();
      let element: HtmlElement | null = open;
      while (element && element.tag !== tag) element = element.parent;
      if (element?.parent) open = element.parent;
    } else if (opening !== undefined) {
      const tag = opening.toLowerCase();
      const attrs = new Map<string, string>();
      for (const attribute of (attributeText ?? "").matchAll(ATTRIBUTE)) {
        const [, name = "", double, single, bare] = attribute;
        attrs.set(name.toLowerCase(), decode(double ?? single ?? bare ?? ""));
      }
      const element: HtmlElement = { tag, attrs, children: [], parent: open };
      open.children.push(element);
      if (RAW_TEXT.has(tag)) {
        const end = html.toLowerCase().indexOf(`</${tag}`, TOKEN.lastIndex);
        const stop = end === -1 ? html.length : end;
        element.children.push(
          tag === "textarea" || tag === "title" ? decode(html.slice(TOKEN.lastIndex, stop)) : html.slice(TOKEN.lastIndex, stop),
        );
        TOKEN.lastIndex = stop;
        open = element;
      } else if (!VOID.has(tag) && !token.endsWith("/>")) {
        open = element;
      }
    } else if (!token.startsWith("<")) {
      open.children.push(decode(token));
    }
  }
  return new HtmlDom(root);
}

function* descendants(element: HtmlElement): Generator<HtmlElement> {
  for (const child of element.children) {
    if (typeof child === "string") continue;
    yield child;
    yield* descendants(child);
  }
}

function isHiddenItself(element: HtmlElement): boolean {
  return (
    element.attrs.has("hidden") ||
    element.attrs.get("aria-hidden") === "true" ||
    NOT_RENDERED.has(element.tag) ||
    (element.tag === "input" && element.attrs.get("type") === "hidden") ||
    /display:\s*none/.test(element.attrs.get("style") ?? "")
  );
}

/** Hidden from assistive technology: it or an ancestor is hidden, aria-hidden or not rendered. */
export function isInaccessible(element: HtmlElement): boolean {
  for (let node: HtmlElement | null = element; node; node = node.parent) if (isHiddenItself(node)) return true;
  return false;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text a visitor sees: hidden parts (and `except`) left out, whitespace collapsed. */
export function textOf(element: HtmlElement, except?: HtmlElement): string {
  const parts: string[] = [];
  const walk = (node: HtmlElement) => {
    for (const child of node.children) {
      if (typeof child === "string") parts.push(child);
      else if (!isHiddenItself(child) && child !== except) {
        if (child.tag === "br") parts.push(" ");
        walk(child);
        if (/^(p|div|li|tr|td|th|dt|dd|h[1-6]|section|article|ul|ol|table|form|fieldset|label|option)$/.test(child.tag)) parts.push(" ");
      }
    }
  };
  walk(element);
  return collapse(parts.join(""));
}

const INPUT_ROLES = new Map([
  ["checkbox", "checkbox"],
  ["radio", "radio"],
  ["submit", "button"],
  ["button", "button"],
  ["reset", "button"],
  ["image", "button"],
  ["search", "searchbox"],
  ["range", "slider"],
  ["number", "spinbutton"],
]);

/** The element's ARIA role: its role attribute, else the implicit role of its tag (the ones the pages use). */
export function roleOf(element: HtmlElement): string | null {
  const explicit = element.attrs.get("role")?.split(/\s+/)[0];
  if (explicit) return explicit;
  const { tag, attrs } = element;
  if (/^h[1-6]$/.test(tag)) return "heading";
  switch (tag) {
    case "a":
    case "area":
      return attrs.has("href") ? "link" : null;
    case "button":
      return "button";
    case "input":
      return INPUT_ROLES.get(attrs.get("type") ?? "text") ?? (attrs.get("type") === "file" ? null : "textbox");
    case "textarea":
      return "textbox";
    case "select":
      return attrs.has("multiple") ? "listbox" : "combobox";
    case "option":
      return "option";
    case "img":
      return attrs.get("alt") === "" ? "presentation" : "img";
    case "table":
      return "table";
    case "tr":
      return "row";
    case "th":
      return attrs.get("scope") === "row" ? "rowheader" : "columnheader";
    case "td":
      return "cell";
    case "ul":
    case "ol":
      return "list";
    case "li":
      return "listitem";
    case "nav":
      return "navigation";
    case "main":
      return "main";
    case "form":
      return "form";
    case "article":
      return "article";
    case "aside":
      return "complementary";
    case "dialog":
      return "dialog";
    case "fieldset":
      return "group";
    case "output":
      return "status";
    case "hr":
      return "separator";
    case "dt":
      return "term";
    case "dd":
      return "definition";
    case "section":
      return attrs.has("aria-label") || attrs.has("aria-labelledby") ? "region" : null;
    default:
      return null;
  }
}

const NAME_FROM_CONTENT = new Set([
  "button",
  "cell",
  "checkbox",
  "columnheader",
  "heading",
  "link",
  "menuitem",
  "option",
  "radio",
  "row",
  "rowheader",
  "switch",
  "tab",
  "tooltip",
]);

/** The text a screen reader announces for the element (a pragmatic subset of accname). */
export function accessibleName(element: HtmlElement, dom: HtmlDom): string {
  const labelledBy = element.attrs.get("aria-labelledby");
  if (labelledBy) {
    return collapse(
      labelledBy
        .split(/\s+/)
        .map((id) => {
          const target = dom.byId(id);
          return target ? textOf(target) : "";
        })
        .join(" "),
    );
  }
  const label = element.attrs.get("aria-label");
  if (label) return collapse(label);
  const role = roleOf(element);
  if (element.tag === "img") return collapse(element.attrs.get("alt") ?? "");
  if (["input", "select", "textarea"].includes(element.tag)) {
    const id = element.attrs.get("id");
    const forLabel = id ? dom.all().find((node) => node.tag === "label" && node.attrs.get("for") === id) : undefined;
    let wrapping: HtmlElement | null = element.parent;
    while (wrapping && wrapping.tag !== "label") wrapping = wrapping.parent;
    const labelElement = forLabel ?? wrapping;
    // The control inside its own label is not part of its name (a select's options would be).
    if (labelElement) return textOf(labelElement, element);
    if (element.attrs.get("type") === "submit") return collapse(element.attrs.get("value") ?? "");
  }
  if (element.tag === "fieldset") {
    const legend = element.children.find((child): child is HtmlElement => typeof child !== "string" && child.tag === "legend");
    if (legend) return textOf(legend);
  }
  if (element.tag === "table") {
    const caption = element.children.find((child): child is HtmlElement => typeof child !== "string" && child.tag === "caption");
    if (caption) return textOf(caption);
  }
  if (role && NAME_FROM_CONTENT.has(role)) return contentName(element);
  return collapse(element.attrs.get("title") ?? "");
}

/** Name from content: text plus the alt text of images inside. */
function contentName(element: HtmlElement): string {
  const parts: string[] = [];
  const walk = (node: HtmlElement) => {
    for (const child of node.children) {
      if (typeof child === "string") parts.push(child);
      else if (!isHiddenItself(child)) {
        if (child.tag === "img") parts.push(` ${child.attrs.get("alt") ?? ""} `);
        else if (child.attrs.has("aria-label")) parts.push(` ${child.attrs.get("aria-label")} `);
        else walk(child);
      }
    }
  };
  walk(element);
  return collapse(parts.join(""));
}

export interface RoleOptions {
  /** The accessible name: exact (after collapsing whitespace) or a pattern. */
  name?: string | RegExp;
  /** A heading's level (h1 = 1). */
  level?: number;
}

const matches = (text: string, expected: string | RegExp) => (typeof expected === "string" ? text === expected : expected.test(text));

export class HtmlDom {
  readonly root: HtmlElement;
  private readonly scope: HtmlElement;

  constructor(root: HtmlElement, scope: HtmlElement = root) {
    this.root = root;
    this.scope = scope;
  }

  /** Every element below the root of the document (not only this scope). */
  all(): HtmlElement[] {
    return [...descendants(this.root)];
  }

  byId(id: string): HtmlElement | undefined {
    return this.all().find((element) => element.attrs.get("id") === id);
  }

  /** Queries limited to `element`'s subtree. */
  within(element: HtmlElement): HtmlDom {
    return new HtmlDom(this.root, element);
  }

  /** The visible text of this scope. */
  text(): string {
    return textOf(this.scope);
  }

  nameOf(element: HtmlElement): string {
    return accessibleName(element, this);
  }

  queryAllByRole(role: string, options: RoleOptions = {}): HtmlElement[] {
    return [...descendants(this.scope)].filter((element) => {
      if (roleOf(element) !== role || isInaccessible(element)) return false;
      if (options.level !== undefined && element.tag !== `h${options.level}` && element.attrs.get("aria-level") !== String(options.level))
        return false;
      return options.name === undefined || matches(this.nameOf(element), options.name);
    });
  }

  getAllByRole(role: string, options: RoleOptions = {}): HtmlElement[] {
    const found = this.queryAllByRole(role, options);
    if (found.length === 0) throw new Error(`No element with role ${queryLabel(role, options)}.${this.rolesHint(role)}`);
    return found;
  }

  getByRole(role: string, options: RoleOptions = {}): HtmlElement {
    const found = this.getAllByRole(role, options);
    if (found.length > 1)
      throw new Error(
        `${found.length} elements with role ${queryLabel(role, options)}: ${found.map((element) => `"${this.nameOf(element)}"`).join(", ")}`,
      );
    return found[0] as HtmlElement;
  }

  queryByRole(role: string, options: RoleOptions = {}): HtmlElement | null {
    const found = this.queryAllByRole(role, options);
    if (found.length > 1) throw new Error(`${found.length} elements with role ${queryLabel(role, options)}`);
    return found[0] ?? null;
  }

  /** The innermost visible elements whose text matches (exactly, or the pattern). */
  queryAllByText(expected: string | RegExp): HtmlElement[] {
    const hits = [...descendants(this.scope)].filter((element) => !isInaccessible(element) && matches(textOf(element), expected));
    return hits.filter((element) => !hits.some((other) => other !== element && isInside(other, element)));
  }

  getByText(expected: string | RegExp): HtmlElement {
    const found = this.queryAllByText(expected);
    if (found.length !== 1) throw new Error(`${found.length} elements with the text ${String(expected)} in: ${this.text().slice(0, 2000)}`);
    return found[0] as HtmlElement;
  }

  private rolesHint(role: string): string {
    const names = this.queryAllByRole(role).map((element) => `"${this.nameOf(element)}"`);
    return names.length > 0 ? ` Found ${role}s: ${names.slice(0, 30).join(", ")}` : "";
  }
}

function isInside(element: HtmlElement, ancestor: HtmlElement): boolean {
  for (let node = element.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

function queryLabel(role: string, options: RoleOptions): string {
  return `${role}${options.level ? ` (level ${options.level})` : ""}${options.name === undefined ? "" : ` named ${String(options.name)}`}`;
}

/**
 * The term/definition pairs of a description list (dt/dd, also wrapped in divs), as
 * [term, definition] text: how a fact list reads aloud.
 */
export function termsOf(list: HtmlElement): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  let term: string | null = null;
  for (const element of descendants(list)) {
    if (element.tag === "dt") term = textOf(element);
    else if (element.tag === "dd" && term !== null) {
      pairs.push([term, textOf(element)]);
      term = null;
    }
  }
  return pairs;
}

/** The nearest ancestor with `role` (a card around its heading), or throws. */
export function closestByRole(element: HtmlElement, role: string): HtmlElement {
  for (let node = element.parent; node; node = node.parent) if (roleOf(node) === role) return node;
  throw new Error(`<${element.tag}> has no ${role} around it`);
}

/** An attribute of the element, or throws naming it (tests read links' targets and inputs' values). */
export function attr(element: HtmlElement, name: string): string {
  const value = element.attrs.get(name);
  if (value === undefined) throw new Error(`<${element.tag}> has no ${name} attribute`);
  return value;
}
