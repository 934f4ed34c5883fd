import type { SpaceResponse, Story, StoryResponse } from "#content/story-schema.ts";

/**
 * The one port between the worker and editorial content (ARCHITECTURE.md "Embedded default"):
 * Storyblok's Content Delivery API v2 (worker/content/storyblok-source.ts) or the embedded demo
 * space in KV (worker/content/demo-space-source.ts). Both answer in Storyblok's shapes, validated
 * by content/story-schema.ts; the cache layer (cached-content.ts) sits on top and never knows which.
 *
 * @example
 *   const source = storyblokSource({ token, apiBase, timeoutMs: 2500 });
 *   const home = await source.getStory("home", { version: "published", cv: 1763856000 });
 */
export type ContentVersion = "published" | "draft";

/** Spec section 9 "Content client": page size 25, relation batch 50, 5 requests/s (3 with an OAuth token). */
export const CONTENT_PAGE_SIZE = 25;
export const RELATION_BATCH_SIZE = 50;
export const RATE_LIMIT_PER_SECOND = 5;
export const RATE_LIMIT_PER_SECOND_OAUTH = 3;
/** Spec section 8: HTTP 429 is retried up to 10 times, 0.3 s apart. */
export const MAX_RETRIES_429 = 10;
export const RETRY_DELAY_MS = 300;
/** Storyblok's maximum per_page. */
export const MAX_PAGE_SIZE = 100;

export interface StoryQuery {
  version: ContentVersion;
  /** The space's cache version; omitted for drafts. */
  cv?: number;
  /** Relation fields to resolve, e.g. ["article_latest.articles"]. */
  resolveRelations?: string[];
}

export interface StoriesQuery {
  version: ContentVersion;
  cv?: number;
  startsWith?: string;
  page?: number;
  perPage?: number;
  byUuids?: string[];
  excludingFields?: string[];
  /** Storyblok sort_by, e.g. "content.date:desc" or "first_published_at:desc". */
  sortBy?: string;
  withTag?: string;
  /** Only stories whose root component is this (Storyblok content_type). */
  contentType?: string;
}

export interface StoriesPage {
  stories: Story[];
  /** All matching stories (Storyblok's `total` header), not just this page. */
  total: number;
  page: number;
  perPage: number;
  cv?: number;
}

export interface ContentSource {
  readonly kind: "storyblok" | "demo";
  /** Null when the story does not exist (HTTP 404). */
  getStory(fullSlug: string, query: StoryQuery): Promise<StoryResponse | null>;
  getStories(query: StoriesQuery): Promise<StoriesPage>;
  /** cdn/spaces/me: `space.version` is the current cache version (cv). */
  getSpace(): Promise<SpaceResponse>;
}

/**
 * A failed content read (spec section 8: "other non-2xx rejected with message, status, response").
 * `status` is missing for network errors and timeouts.
 */
export class ContentSourceError extends Error {
  readonly status: number | undefined;
  readonly response: unknown;
  constructor(message: string, options: { status?: number; response?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ContentSourceError";
    this.status = options.status;
    this.response = options.response;
  }
}
