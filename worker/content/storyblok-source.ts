import StoryblokClient, { type ISbResult, type ISbStoriesParams } from "storyblok-js-client";
import { SpaceResponseSchema, StoriesResponseSchema, StoryResponseSchema } from "#content/story-schema.ts";
import type { z } from "zod";
import {
  CONTENT_PAGE_SIZE,
  ContentSourceError,
  MAX_RETRIES_429,
  RATE_LIMIT_PER_SECOND,
  RATE_LIMIT_PER_SECOND_OAUTH,
  RETRY_DELAY_MS,
  type ContentSource,
  type StoriesQuery,
  type StoryQuery,
} from "./content-source.ts";

export interface StoryblokSourceOptions {
  token: string;
  /** e.g. https://api.storyblok.com/v2 (no trailing slash); tests use the fake server. */
  apiBase: string;
  /** An OAuth token is configured: keep to 3 requests/s (spec section 9). */
  oauth: boolean;
  timeoutMs: number;
}

/** Spec section 9: the site is German only. */
export const CONTENT_LANGUAGE = "de";

/**
 * Storyblok Content Delivery API v2 through storyblok-js-client, one client per call site
 * (created per request by the wiring, STYLE.md habit 3).
 *
 * How the client is held to the spec (checked against storyblok-js-client 7.7 src/index.ts):
 * - retries: it retries HTTP 429 itself, `maxRetries` times `retriesDelay` ms apart (10 × 300 ms);
 *   every other non-2xx rejects with `{ message, status, response }`, which we wrap in
 *   ContentSourceError. Network errors and timeouts reject with a message only.
 * - rate limit: `rateLimit` overrides its per_page tiers (50/s and less) for every request.
 * - cache and cv: `cache.type "none"` switches its module-level memory cache off and
 *   `cache.cv "manual"` stops it from attaching the module-level cv it tracks per token; we pass
 *   the cv from KV explicitly (TOOLCHAIN.md "Storyblok client inside workerd").
 * - relations and links: with resolve_relations / resolve_links it fetches `rel_uuids` and
 *   `link_uuids` itself in batches of 50 (cdn/stories?by_uuids=…).
 */
export function storyblokSource(options: StoryblokSourceOptions): ContentSource {
  const client = new StoryblokClient({
    accessToken: options.token,
    endpoint: options.apiBase.replace(/\/$/, ""),
    cache: { type: "none", clear: "manual", cv: "manual" },
    maxRetries: MAX_RETRIES_429,
    retriesDelay: RETRY_DELAY_MS,
    rateLimit: options.oauth ? RATE_LIMIT_PER_SECOND_OAUTH : RATE_LIMIT_PER_SECOND,
    // The client takes seconds.
    timeout: options.timeoutMs / 1000,
    // Looked up at call time so tests' fetch spy (worker/test-support/setup.ts) sees it.
    fetch: (input, init) => fetch(input, init),
  });

  return {
    kind: "storyblok",

    async getStory(fullSlug, query: StoryQuery) {
      const params: ISbStoriesParams = {
        version: query.version,
        language: CONTENT_LANGUAGE,
        resolve_links: "url",
        ...(query.cv !== undefined && { cv: query.cv }),
        ...(query.resolveRelations?.length && { resolve_relations: query.resolveRelations.join(",") }),
      };
      try {
        const result = await client.getStory(fullSlug, params);
        return parse(StoryResponseSchema, result.data, `cdn/stories/${fullSlug}`);
      } catch (error) {
        const wrapped = toSourceError(error, `cdn/stories/${fullSlug}`);
        if (wrapped.status === 404) return null;
        throw wrapped;
      }
    },

    async getStories(query: StoriesQuery) {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? CONTENT_PAGE_SIZE;
      const params: ISbStoriesParams = {
        version: query.version,
        language: CONTENT_LANGUAGE,
        resolve_links: "url",
        page,
        per_page: perPage,
        ...(query.cv !== undefined && { cv: query.cv }),
        ...(query.startsWith && { starts_with: query.startsWith }),
        ...(query.byUuids?.length && { by_uuids: query.byUuids.join(",") }),
        ...(query.excludingFields?.length && { excluding_fields: query.excludingFields.join(",") }),
        ...(query.sortBy && { sort_by: query.sortBy }),
        ...(query.withTag && { with_tag: query.withTag }),
        ...(query.contentType && { content_type: query.contentType }),
      };
      let result: ISbResult;
      try {
        result = await client.getStories(params);
      } catch (error) {
        throw toSourceError(error, "cdn/stories");
      }
      const data = parse(StoriesResponseSchema, result.data, "cdn/stories");
      const total = Number.isFinite(result.total) ? result.total : data.stories.length;
      return { stories: data.stories, total, page, perPage, cv: data.cv };
    },

    async getSpace() {
      try {
        const result = await client.get("cdn/spaces/me", {});
        return parse(SpaceResponseSchema, result.data, "cdn/spaces/me");
      } catch (error) {
        throw toSourceError(error, "cdn/spaces/me");
      }
    },
  };
}

function parse<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const fields = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new ContentSourceError(`Storyblok ${what} answered an unexpected shape: ${fields}`, { response: data });
  }
  return result.data;
}

/** The client rejects with plain objects `{ message, status?, response? }`; keep all three. */
function toSourceError(error: unknown, what: string): ContentSourceError {
  if (error instanceof ContentSourceError) return error;
  const record = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; status?: unknown; response?: unknown };
  const message = typeof record.message === "string" && record.message ? record.message : String(error);
  const status = typeof record.status === "number" ? record.status : undefined;
  return new ContentSourceError(`Storyblok ${what} failed${status ? ` (HTTP ${status})` : ""}: ${message}`, {
    status,
    response: record.response,
    cause: error,
  });
}
