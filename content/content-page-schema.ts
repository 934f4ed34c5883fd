import * as z from "zod";
import { BlockSchema } from "./story-schema.ts";

/**
 * What the content port answers for one page (routes/ports.ts `content.getPage`): the story's
 * root block after per-block validation (content/validate-blocks.ts), its SEO fields, and the
 * article summaries some blocks list. The worker builds it from a Storyblok story (or the
 * embedded demo space); /api/content/pages/{slug} returns exactly this.
 */

/** A story listed by article blocks (news overview, latest articles) or resolved as relation. */
export const ArticleSummarySchema = z.object({
  uuid: z.string(),
  fullSlug: z.string(),
  title: z.string(),
  teaser: z.string().optional(),
  image: z.object({ filename: z.string(), alt: z.string().optional() }).optional(),
  /** ISO date of first publication (or sort_by_date) */
  date: z.string().nullable(),
  tags: z.array(z.string()).default([]),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ContentPageSchema = z.object({
  /** Lower-case full slug without leading slash; "" for the home page. */
  slug: z.string(),
  /** Root component of the story: "page" (page builder) or "article" (news). */
  kind: z.enum(["page", "article"]),
  title: z.string(),
  /** From the story's SEO fields when present. */
  seoTitle: z.string().optional(),
  description: z.string().optional(),
  noindex: z.boolean().default(false),
  /** The validated root block; invalid children are dropped (published) or marked (preview). */
  content: BlockSchema,
  publishedAt: z.string().nullable(),
  /** Draft content from the visual editor (_storyblok_tk): never cached, never indexed. */
  preview: z.boolean().default(false),
  /** Storyblok story id, for the visual editor bridge. */
  storyId: z.number().int().optional(),
  /** The cache version the content was read at. */
  cv: z.number().int().optional(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const ArticleListSchema = z.object({
  articles: z.array(ArticleSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
});
export type ArticleList = z.infer<typeof ArticleListSchema>;
