/**
 * Small builders for the demo space's blocks and rich text, so every story is written the way an
 * editor would build it in Storyblok (component names from content/block-names.ts). Field names
 * follow content/block-schemas.ts; the demo-space test validates every story with the production
 * validator, so a drifting field shows up as a failing test, not as a silently missing block.
 */
import { createHash } from "node:crypto";

export type Blok = { component: string; _uid: string } & Record<string, unknown>;
type RichNode = Record<string, unknown>;

let counter = 0;
/** Deterministic _uid: the same demo space yields the same ids on every seed. */
export function uid(seed: string): string {
  counter += 1;
  return `${createHash("sha1").update(`${seed}:${counter}`).digest("hex").slice(0, 8)}-${String(counter).padStart(4, "0")}`;
}
export function resetUids(): void {
  counter = 0;
}

export function blok(component: string, fields: Record<string, unknown> = {}): Blok {
  return { component, _uid: uid(component), ...fields };
}

// ---- rich text ----------------------------------------------------------------------------------

export const text = (value: string, marks?: RichNode[]): RichNode => ({ type: "text", text: value, ...(marks && { marks }) });
export const bold = (value: string): RichNode => text(value, [{ type: "bold" }]);
export const link = (
  value: string,
  href: string,
  linktype: "url" | "story" | "email" = href.startsWith("http") ? "url" : "story",
): RichNode =>
  text(value, [{ type: "link", attrs: { href, linktype, target: linktype === "url" ? "_blank" : null, uuid: null, anchor: null } }]);
export const paragraph = (...content: Array<RichNode | string>): RichNode => ({
  type: "paragraph",
  content: content.map((part) => (typeof part === "string" ? text(part) : part)),
});
export const heading = (level: 2 | 3 | 4, value: string): RichNode => ({ type: "heading", attrs: { level }, content: [text(value)] });
export const bulletList = (...items: string[]): RichNode => ({
  type: "bullet_list",
  content: items.map((item) => ({ type: "list_item", content: [paragraph(item)] })),
});
export const doc = (...content: Array<RichNode | string>): RichNode => ({
  type: "doc",
  content: content.map((part) => (typeof part === "string" ? paragraph(part) : part)),
});

// ---- fields -------------------------------------------------------------------------------------

export const image = (filename: string, alt: string) => ({ id: 0, filename, alt, name: "", focus: "", title: "", fieldtype: "asset" });
export const storyLink = (fullSlug: string) => ({ linktype: "story", cached_url: fullSlug, url: "", id: "", fieldtype: "multilink" });
export const urlLink = (url: string) => ({ linktype: "url", url, cached_url: url, id: "", fieldtype: "multilink" });

export const button = (
  label: string,
  target: ReturnType<typeof storyLink> | ReturnType<typeof urlLink>,
  variant: "primary" | "secondary" | "tertiary" | "ghost" = "primary",
) => blok("button", { label, link: target, variant, size: "medium", icon_position: "end" });

export const richText = (...content: Array<RichNode | string>) => blok("rich_text", { text: doc(...content) });
