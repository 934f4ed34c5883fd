/**
 * Storyblok's rich-text JSON (a ProseMirror document), as the spec lists it (section 3 "Rich text
 * nodes" and "Marks"). Loose on purpose: the renderer checks every attribute it uses, so a shape
 * Storyblok adds later renders its text and nothing else.
 */
export interface RichTextMark {
  type: string;
  attrs?: Record<string, unknown> | null;
}

export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown> | null;
  content?: RichTextNode[];
  marks?: RichTextMark[];
  text?: string;
}

export interface RichTextDoc extends RichTextNode {
  type: "doc";
}

export const RICH_TEXT_NODES = [
  "doc",
  "heading",
  "paragraph",
  "blockquote",
  "ordered_list",
  "bullet_list",
  "list_item",
  "code_block",
  "horizontal_rule",
  "hard_break",
  "image",
  "emoji",
  "blok",
  "table",
  "tableRow",
  "tableCell",
  "tableHeader",
  "text",
] as const;

export const RICH_TEXT_MARKS = [
  "bold",
  "strong",
  "strike",
  "underline",
  "italic",
  "code",
  "link",
  "anchor",
  "styled",
  "subscript",
  "superscript",
  "textStyle",
  "highlight",
] as const;

export function isRichTextDoc(value: unknown): value is RichTextDoc {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "doc";
}

/** The visible text of a document (teasers, aria labels); bloks contribute nothing. */
export function richTextToPlainText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!isRichTextDoc(value)) return "";
  const blocks: string[] = [];
  const walk = (node: RichTextNode): string => {
    if (node.type === "text") return typeof node.text === "string" ? node.text : "";
    if (node.type === "hard_break") return " ";
    return (Array.isArray(node.content) ? node.content : []).map(walk).join("");
  };
  for (const node of Array.isArray(value.content) ? value.content : []) blocks.push(walk(node));
  return blocks
    .filter((text) => text.trim() !== "")
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}
