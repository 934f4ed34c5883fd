import { createElement, type CSSProperties, type HTMLAttributes, type ReactNode } from "react";
import { resolveHref, resolveLink, type ResolvedLink } from "../link-field.ts";
import { knownImageDimensions, responsiveSrcSet, storyblokImage } from "../storyblok-image.ts";
import type { LinkField } from "../story-schema.ts";
import type { Block } from "../story-schema.ts";
import { ContentLink } from "../blocks/content-link.tsx";
import { isRichTextDoc, type RichTextMark, type RichTextNode } from "./rich-text-types.ts";
import { isOneOf } from "#domain/is-one-of.ts";

/**
 * Storyblok rich text → React elements (spec section 3 "Rich text nodes", "Marks"). Every node is
 * built with React elements, never `dangerouslySetInnerHTML`, so editor text cannot inject markup;
 * links go through the link field rules (content/link-field.ts) and unsafe targets lose their link
 * (the text stays); images need an http(s) or relative source; classes and colours come from
 * allow-lists.
 *
 * Heading rule: the page has one h1 (the page title), so editor headings start at `headingBase`
 * (2 on the page, one deeper inside a block with its own headline). The distinct editor levels
 * used in the document are ranked (h2 and h4 become base and base+1), and a heading is never more
 * than one level deeper than the heading before it, so the outline has no gaps. Editor h1 counts
 * as the top rank.
 *
 * @example
 * <RichText doc={block.text} headingBase={3} renderBlocks={render} />
 */

export interface RichTextOptions {
  /** Level the document's top-rank headings get (2–6). */
  headingBase?: number;
  /** Renders bloks embedded in the text through the block registry. */
  renderBlocks?: (blocks: Block[]) => ReactNode;
}

/** Classes editors may pick in the "styled" mark (Storyblok's style dropdown). */
export const STYLED_CLASSES = ["text-lead", "text-small", "text-muted", "text-accent", "text-uppercase", "text-nowrap"] as const;
/** Colours for textStyle/highlight: hex or rgb() only, so nothing but a colour reaches the style. */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\))$/i;
const LANGUAGE_PATTERN = /^[a-z0-9+#-]{1,20}$/i;
const IMAGE_WIDTHS = [480, 800, 1200, 1600];
/** Marks that are one element without attributes, by mark type. */
const ELEMENT_MARKS = new Map([
  ["bold", "strong"],
  ["strong", "strong"],
  ["italic", "em"],
  ["strike", "s"],
  ["underline", "u"],
  ["code", "code"],
  ["subscript", "sub"],
  ["superscript", "sup"],
]);

export function RichText({ doc, className, ...options }: RichTextOptions & { doc: unknown; className?: string }) {
  if (!isRichTextDoc(doc)) {
    // Editors sometimes fill a plain text field where rich text was expected (and vice versa).
    if (typeof doc === "string" && doc.trim() !== "")
      return (
        <div className={["rich-text", className].filter(Boolean).join(" ")}>
          <p>{doc}</p>
        </div>
      );
    return null;
  }
  const children = renderRichText(doc, options);
  if (children === null) return null;
  return <div className={["rich-text", className].filter(Boolean).join(" ")}>{children}</div>;
}

/** The document's children as React nodes; null for an empty document. */
export function renderRichText(doc: unknown, options: RichTextOptions = {}): ReactNode {
  if (!isRichTextDoc(doc)) return null;
  const content = nodesOf(doc);
  if (content.length === 0 || content.every(isEmptyParagraph)) return null;
  const renderer = new Renderer(doc, options);
  return renderer.children(content, "r");
}

class Renderer {
  private readonly levelOf: Map<number, number>;
  private readonly base: number;
  private previous: number;

  declare private readonly options: RichTextOptions;

  constructor(doc: RichTextNode, options: RichTextOptions) {
    this.options = options;
    this.base = Math.min(6, Math.max(2, Math.round(options.headingBase ?? 2)));
    this.previous = this.base - 1;
    const levels = new Set<number>();
    collectHeadingLevels(doc, levels);
    const ranked = [...levels].sort((a, b) => a - b);
    this.levelOf = new Map(ranked.map((level, rank) => [level, Math.min(6, this.base + rank)]));
  }

  children(nodes: RichTextNode[], keyPrefix: string): ReactNode[] {
    return nodes.map((node, index) => this.node(node, `${keyPrefix}-${index}`));
  }

  private node(node: RichTextNode, key: string): ReactNode {
    const attrs = node.attrs ?? {};
    const kids = () => this.children(nodesOf(node), key);
    switch (node.type) {
      case "text":
        return this.text(node, key);
      case "paragraph":
        return <p key={key}>{kids()}</p>;
      case "heading": {
        const editorLevel = headingLevelOf(attrs.level);
        const ranked = this.levelOf.get(editorLevel) ?? this.base;
        const level = Math.min(ranked, this.previous + 1, 6);
        this.previous = level;
        return createElement(`h${level}`, { key }, kids());
      }
      case "blockquote":
        return <blockquote key={key}>{kids()}</blockquote>;
      case "bullet_list":
        return <ul key={key}>{kids()}</ul>;
      case "ordered_list": {
        const start = typeof attrs.order === "number" && Number.isInteger(attrs.order) && attrs.order !== 1 ? attrs.order : undefined;
        return (
          <ol key={key} start={start}>
            {kids()}
          </ol>
        );
      }
      case "list_item":
        return <li key={key}>{kids()}</li>;
      case "code_block": {
        const language = typeof attrs.class === "string" ? attrs.class.replace(/^language-/, "") : "";
        return (
          <pre key={key}>
            <code className={LANGUAGE_PATTERN.test(language) ? `language-${language}` : undefined}>{kids()}</code>
          </pre>
        );
      }
      case "horizontal_rule":
        return <hr key={key} />;
      case "hard_break":
        return <br key={key} />;
      case "image":
        return this.image(attrs, key);
      case "emoji": {
        const emoji = typeof attrs.emoji === "string" ? attrs.emoji : "";
        const name = typeof attrs.name === "string" ? attrs.name.replace(/_/g, " ") : "";
        if (!emoji) return name ? <span key={key}>:{name}:</span> : null;
        return (
          <span key={key} role="img" aria-label={name || undefined} className="emoji">
            {emoji}
          </span>
        );
      }
      case "blok": {
        const body = Array.isArray(attrs.body) ? (attrs.body as Block[]) : [];
        if (!this.options.renderBlocks || body.length === 0) return null;
        return (
          <div key={key} className="rich-text__blok">
            {this.options.renderBlocks(body)}
          </div>
        );
      }
      case "table":
        return this.table(node, key);
      case "tableRow":
      case "table_row":
        return <tr key={key}>{kids()}</tr>;
      case "tableCell":
      case "table_cell":
        return (
          <td key={key} {...spans(attrs)}>
            {kids()}
          </td>
        );
      case "tableHeader":
      case "table_header":
        return (
          <th key={key} scope="col" {...spans(attrs)}>
            {kids()}
          </th>
        );
      case "doc":
        return kids();
      default:
        // Unknown node: keep its text, drop the wrapper.
        return nodesOf(node).length > 0 ? <span key={key}>{kids()}</span> : null;
    }
  }

  private text(node: RichTextNode, key: string): ReactNode {
    const value = typeof node.text === "string" ? node.text : "";
    if (value === "") return null;
    const marks = Array.isArray(node.marks) ? node.marks : [];
    // The first mark is the outermost element.
    return marks.reduceRight<ReactNode>((inner, mark, index) => this.mark(mark, inner, `${key}-m${index}`), value) ?? value;
  }

  private mark(mark: RichTextMark, inner: ReactNode, key: string): ReactNode {
    const attrs = mark.attrs ?? {};
    const element = ELEMENT_MARKS.get(mark.type);
    if (element) return createElement(element, { key }, inner);
    switch (mark.type) {
      case "link": {
        const link = linkOfMark(attrs);
        if (!link) return inner;
        return (
          <ContentLink key={key} link={link}>
            {inner}
          </ContentLink>
        );
      }
      case "anchor": {
        const id = typeof attrs.id === "string" && /^[A-Za-z][\w-]{0,99}$/.test(attrs.id) ? attrs.id : undefined;
        return spanWith(id ? { id } : undefined, inner, key);
      }
      case "styled": {
        const className = typeof attrs.class === "string" && isOneOf(STYLED_CLASSES, attrs.class) ? attrs.class : undefined;
        return spanWith(className ? { className } : undefined, inner, key);
      }
      case "textStyle": {
        const style = colorStyle(attrs.color, "color");
        return spanWith(style ? { style } : undefined, inner, key);
      }
      case "highlight": {
        const style = colorStyle(attrs.color, "backgroundColor");
        return (
          <mark key={key} style={style}>
            {inner}
          </mark>
        );
      }
      default:
        return inner;
    }
  }

  private image(attrs: Record<string, unknown>, key: string): ReactNode {
    const src = typeof attrs.src === "string" ? attrs.src.trim() : "";
    const resolved = src ? resolveHref(src) : null;
    if (!resolved || (resolved.kind !== "internal" && resolved.kind !== "external")) return null;
    const alt = typeof attrs.alt === "string" ? attrs.alt : "";
    const title = typeof attrs.title === "string" && attrs.title.trim() ? attrs.title.trim() : undefined;
    const size = knownImageDimensions(resolved.href);
    const srcSet = responsiveSrcSet(resolved.href, IMAGE_WIDTHS);
    const img = (
      <img
        src={storyblokImage(resolved.href, { width: 1200 })}
        srcSet={srcSet}
        sizes={srcSet && size ? "(min-width: 56.25em) 70ch, 100vw" : undefined}
        alt={alt}
        title={title}
        width={size?.width}
        height={size?.height}
        loading="lazy"
        decoding="async"
      />
    );
    return (
      <figure key={key} className="rich-text__figure">
        {img}
        {title ? <figcaption>{title}</figcaption> : null}
      </figure>
    );
  }

  private table(node: RichTextNode, key: string): ReactNode {
    const rows = nodesOf(node).filter((row) => row.type === "tableRow" || row.type === "table_row");
    const isHeaderRow = (row: RichTextNode) =>
      nodesOf(row).length > 0 && nodesOf(row).every((cell) => cell.type === "tableHeader" || cell.type === "table_header");
    const [firstRow] = rows;
    const headRows = rows.length > 1 && firstRow && isHeaderRow(firstRow) ? [firstRow] : [];
    const bodyRows = rows.slice(headRows.length);
    return (
      <div key={key} className="rich-text__table">
        <table>
          {headRows.length > 0 ? <thead>{this.children(headRows, `${key}-h`)}</thead> : null}
          <tbody>{this.children(bodyRows, `${key}-b`)}</tbody>
        </table>
      </div>
    );
  }
}

function nodesOf(node: RichTextNode): RichTextNode[] {
  return Array.isArray(node.content)
    ? node.content.filter((child): child is RichTextNode => typeof child === "object" && child !== null && typeof child.type === "string")
    : [];
}

function isEmptyParagraph(node: RichTextNode): boolean {
  return node.type === "paragraph" && nodesOf(node).length === 0;
}

function headingLevelOf(value: unknown): number {
  const level = typeof value === "number" ? value : Number(value);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? Math.max(2, level) : 2;
}

function collectHeadingLevels(node: RichTextNode, levels: Set<number>): void {
  if (node.type === "heading") levels.add(headingLevelOf(node.attrs?.level));
  // Bloks render their own headings; their content is not part of this outline.
  if (node.type === "blok") return;
  for (const child of nodesOf(node)) collectHeadingLevels(child, levels);
}

function spans(attrs: Record<string, unknown>): { colSpan?: number; rowSpan?: number } {
  const colSpan = typeof attrs.colspan === "number" && attrs.colspan > 1 && attrs.colspan <= 50 ? attrs.colspan : undefined;
  const rowSpan = typeof attrs.rowspan === "number" && attrs.rowspan > 1 && attrs.rowspan <= 500 ? attrs.rowspan : undefined;
  return { ...(colSpan && { colSpan }), ...(rowSpan && { rowSpan }) };
}

/** The marked text in a span with the attribute that passed its allow-list; the bare text when it did not. */
function spanWith(
  attribute: Pick<HTMLAttributes<HTMLSpanElement>, "id" | "className" | "style"> | undefined,
  inner: ReactNode,
  key: string,
): ReactNode {
  return attribute ? (
    <span key={key} {...attribute}>
      {inner}
    </span>
  ) : (
    inner
  );
}

function colorStyle(value: unknown, property: "color" | "backgroundColor"): CSSProperties | undefined {
  return typeof value === "string" && SAFE_COLOR.test(value.trim()) ? { [property]: value.trim() } : undefined;
}

/** The link mark's attrs (href, linktype, anchor, target, story) through the link field rules. */
function linkOfMark(attrs: Record<string, unknown>): ResolvedLink | null {
  const str = (value: unknown) => (typeof value === "string" ? value : undefined);
  const linktype = str(attrs.linktype);
  const href = str(attrs.href) ?? "";
  const field: LinkField = {
    linktype: linktype === "story" || linktype === "asset" || linktype === "email" || linktype === "url" ? linktype : undefined,
    url: href,
    cached_url: href,
    ...(linktype === "email" && { email: href }),
    ...(str(attrs.anchor) && { anchor: str(attrs.anchor) }),
    ...(str(attrs.target) && { target: str(attrs.target) }),
    ...(typeof attrs.story === "object" && attrs.story !== null && { story: attrs.story as LinkField["story"] }),
  };
  return resolveLink(field);
}
