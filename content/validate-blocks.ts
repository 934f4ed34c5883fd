import type { z } from "zod";
import { BLOCK_LIST_FIELDS, schemaOf } from "./block-schemas.ts";
import { isRichTextDoc, type RichTextNode } from "./rich-text/rich-text-types.ts";
import type { Block } from "./story-schema.ts";
import { INVALID_BLOCK, isInvalidBlockMarker, type InvalidBlockMarker } from "./invalid-block.ts";

/**
 * Per-block validation of a story's content ("Invalid or unknown blocks are skipped with a
 * warning in production and shown as a visible marker in preview"). Runs on the worker when a
 * story is read (worker/content), so the browser receives only blocks that passed their schema
 * (content/block-schemas.ts) with defaults applied.
 *
 * Walks the root (`page` body, `article` fields), every nested block list (BLOCK_LIST_FIELDS) and
 * the bloks embedded in rich text. A bad child is dropped (or marked) on its own; its parent stays.
 *
 * @example
 * const content = validateStoryContent(story.content, { preview: false, warn: (message) => console.warn(message) });
 */

export { INVALID_BLOCK, isInvalidBlockMarker, type InvalidBlockMarker };

export interface ValidateOptions {
  preview: boolean;
  warn: (message: string) => void;
}

const MAX_DEPTH = 20;

export function validateStoryContent(root: Block, options: ValidateOptions): Block {
  if (root.component !== "page" && root.component !== "article") {
    options.warn(`Story-Inhalt: unbekannte Wurzelkomponente „${root.component}“ (${root._uid}); die Seite bleibt leer.`);
    const marker = options.preview ? [markerOf(root, [`„${root.component}“ ist keine Seiten- oder Artikelkomponente`])] : [];
    return { component: "page", _uid: root._uid, body: marker };
  }
  const validated = validateBlock(root, options, 0);
  if (validated && validated.component === root.component) return validated;
  // The root itself failed (e.g. an article without title): keep the page alive, say why.
  const issues = isInvalidBlockMarker(validated) ? validated.issues : ["ungültig"];
  if (root.component === "page") {
    const body = Array.isArray((root as Record<string, unknown>).body) ? ((root as Record<string, unknown>).body as unknown[]) : [];
    return {
      component: "page",
      _uid: root._uid,
      body: [...(options.preview ? [markerOf(root, issues)] : []), ...validateList(body, options, 1)],
    };
  }
  return { component: "page", _uid: root._uid, body: options.preview ? [markerOf(root, issues)] : [] };
}

function validateBlock(value: unknown, options: ValidateOptions, depth: number): Block | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const component = typeof record.component === "string" ? record.component : "";
  const uid = typeof record._uid === "string" && record._uid !== "" ? record._uid : "ohne-id";
  const schema = schemaOf(component);
  if (!schema) return reject(record, component || "(ohne Namen)", uid, ["unbekannte Komponente"], options);
  if (depth > MAX_DEPTH) return reject(record, component, uid, ["zu tief verschachtelt"], options);

  const result = (schema as z.ZodType<Record<string, unknown>>).safeParse(record);
  if (!result.success) return reject(record, component, uid, issuesOf(result.error), options);

  const parsed: Record<string, unknown> = { ...result.data };
  for (const field of BLOCK_LIST_FIELDS[component as keyof typeof BLOCK_LIST_FIELDS] ?? []) {
    parsed[field] = validateList(parsed[field], options, depth + 1);
  }
  // Bloks inside rich-text fields go through the same rules.
  for (const [key, field] of Object.entries(parsed)) {
    if (isRichTextDoc(field)) parsed[key] = validateRichText(field, options, depth + 1);
  }
  return parsed as Block;
}

function validateList(value: unknown, options: ValidateOptions, depth: number): Block[] {
  if (!Array.isArray(value)) return [];
  return value.map((child) => validateBlock(child, options, depth)).filter((child): child is Block => child !== null);
}

function validateRichText(node: RichTextNode, options: ValidateOptions, depth: number): RichTextNode {
  if (depth > MAX_DEPTH + 10) return { ...node, content: [] };
  const next: RichTextNode = { ...node };
  if (node.type === "blok" && node.attrs && Array.isArray(node.attrs.body)) {
    next.attrs = { ...node.attrs, body: validateList(node.attrs.body, options, depth) };
  }
  if (Array.isArray(node.content)) {
    next.content = node.content
      .filter((child) => typeof child === "object" && child !== null)
      .map((child) => validateRichText(child, options, depth + 1));
  }
  return next;
}

function reject(record: Record<string, unknown>, component: string, uid: string, issues: string[], options: ValidateOptions): Block | null {
  options.warn(`Block „${component}“ (${uid}) ${options.preview ? "ist ungültig" : "übersprungen"}: ${issues.join("; ")}`);
  return options.preview ? markerOf({ ...record, component, _uid: uid } as Block, issues) : null;
}

function markerOf(block: Block, issues: string[]): Block {
  const marker: InvalidBlockMarker = { component: INVALID_BLOCK, _uid: block._uid, original: block.component, issues };
  return marker;
}

/** "headline: Überschrift fehlt" – the field path and zod's (or our German) message, at most 5. */
function issuesOf(error: z.ZodError): string[] {
  const issues = error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return [...new Set(issues)].slice(0, 5);
}
