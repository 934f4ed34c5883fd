import * as z from "zod";

/**
 * Storyblok's Content Delivery API v2 shapes (spec section 3 "Content story", section 7 "Calls"),
 * as far as the site reads them. Unknown fields pass through: Storyblok adds fields over time
 * and a new one must never break a page. Blocks are validated one by one later
 * (content/block-schemas.ts), so one bad block never takes the story down with it.
 */

/** Any page-builder block: `component` names it, `_uid` identifies it in the visual editor. */
export const BlockSchema = z.looseObject({
  component: z.string().min(1),
  _uid: z.string().min(1),
});
export type Block = z.infer<typeof BlockSchema>;

/** The link field (spec: linktype url, story, asset, email; href, anchor, id). */
export const LinkFieldSchema = z.looseObject({
  linktype: z.enum(["url", "story", "asset", "email"]).optional(),
  url: z.string().optional(),
  cached_url: z.string().optional(),
  email: z.string().optional(),
  anchor: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  target: z.string().optional(),
  /** Present with resolve_links=story|url: the linked story's current slug. */
  story: z.looseObject({ full_slug: z.string().optional(), url: z.string().optional() }).optional(),
});
export type LinkField = z.infer<typeof LinkFieldSchema>;

export const StorySchema = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  content: BlockSchema,
  created_at: z.string().nullish(),
  published_at: z.string().nullish(),
  first_published_at: z.string().nullish(),
  sort_by_date: z.string().nullish(),
  tag_list: z.array(z.string()).optional(),
  is_startpage: z.boolean().optional(),
  lang: z.string().optional(),
});
export type Story = z.infer<typeof StorySchema>;

/** GET cdn/stories/{slug}: the story, the resolved relations and links, and the cache version. */
export const StoryResponseSchema = z.object({
  story: StorySchema,
  cv: z.number().int().optional(),
  rels: z.array(StorySchema).default([]),
  links: z.array(z.looseObject({ uuid: z.string().optional(), full_slug: z.string().optional() })).default([]),
  rel_uuids: z.array(z.string()).optional(),
  link_uuids: z.array(z.string()).optional(),
});
export type StoryResponse = z.infer<typeof StoryResponseSchema>;

/** GET cdn/stories: a page of stories (total comes from the `total` response header). */
export const StoriesResponseSchema = z.object({
  stories: z.array(StorySchema),
  cv: z.number().int().optional(),
  rels: z.array(StorySchema).default([]),
  links: z.array(z.looseObject({ uuid: z.string().optional(), full_slug: z.string().optional() })).default([]),
});
export type StoriesResponse = z.infer<typeof StoriesResponseSchema>;

/** GET cdn/spaces/me: the space and its current cache version. */
export const SpaceResponseSchema = z.object({
  space: z.looseObject({ id: z.number().int(), name: z.string().optional(), version: z.number().int() }),
});
export type SpaceResponse = z.infer<typeof SpaceResponseSchema>;
