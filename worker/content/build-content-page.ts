import type { ArticleSummary, ContentPage } from "#content/content-page-schema.ts";
import type { Block, Story } from "#content/story-schema.ts";

/**
 * Story → what the content port answers (content/content-page-schema.ts). Pure, so the rules are
 * tested without I/O: title and description from the SEO fields when present (Storyblok's SEO
 * plugin field `seo: { title, description, og_image, … }` or plain `seo_title`/`seo_description`),
 * noindex from a `noindex` boolean, kind from the root component.
 */
export interface BuildOptions {
  /** The page's slug as the site addresses it ("" for the home story). */
  slug: string;
  cv: number | undefined;
  preview: boolean;
  /** Per-block validation (content/validate-blocks.ts): drops or marks invalid blocks. */
  validate(root: Block): Block;
}

export function buildContentPage(story: Story, options: BuildOptions): ContentPage {
  const root = story.content;
  const fields = root as Record<string, unknown>;
  const seo = seoFields(fields);
  const kind = root.component === "article" ? "article" : "page";
  const ownTitle = kind === "article" ? text(fields.title) : undefined;
  const teaser = kind === "article" ? text(fields.teaser) : undefined;
  return {
    slug: options.slug,
    kind,
    title: seo.title ?? ownTitle ?? story.name,
    ...(seo.title && { seoTitle: seo.title }),
    ...((seo.description ?? teaser) && { description: seo.description ?? teaser }),
    noindex: fields.noindex === true,
    content: options.validate(root),
    publishedAt: story.published_at ?? story.first_published_at ?? null,
    preview: options.preview,
    storyId: story.id,
    ...(options.cv !== undefined && { cv: options.cv }),
  };
}

function seoFields(fields: Record<string, unknown>): { title?: string; description?: string } {
  const plugin = typeof fields.seo === "object" && fields.seo !== null ? (fields.seo as Record<string, unknown>) : {};
  const title = text(plugin.title) ?? text(fields.seo_title);
  const description = text(plugin.description) ?? text(fields.seo_description);
  return { ...(title && { title }), ...(description && { description }) };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** An article story as listed by article blocks (root fields title, teaser, image, date). */
export function articleSummary(story: Story): ArticleSummary {
  const fields = story.content as Record<string, unknown>;
  const image = typeof fields.image === "object" && fields.image !== null ? (fields.image as Record<string, unknown>) : undefined;
  const filename = text(image?.filename);
  const alt = typeof image?.alt === "string" ? image.alt : undefined;
  const teaser = text(fields.teaser);
  return {
    uuid: story.uuid,
    fullSlug: story.full_slug,
    title: text(fields.title) ?? story.name,
    ...(teaser && { teaser }),
    ...(filename && { image: { filename, ...(alt !== undefined && { alt }) } }),
    date: storyblokDate(fields.date) ?? story.first_published_at ?? story.sort_by_date ?? null,
    tags: story.tag_list ?? [],
  };
}

/** Storyblok datetime fields are UTC "YYYY-MM-DD HH:mm"; the port speaks ISO 8601. */
export function storyblokDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(value.trim());
  if (!match) return undefined;
  const iso = `${match[1]}T${match[2] ?? "00:00"}:00.000Z`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}
