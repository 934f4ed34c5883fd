import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../app.ts";
import { BROWSER_UA, ORIGIN } from "./requests.ts";

/**
 * Test side of the fake Storyblok (worker/test-support/fake-storyblok-server.ts): every test gets
 * its own space (a fresh access token), an env that points the worker at it, and a way to send
 * requests through the real app with that env and wait for its background work (cache writes).
 */
export type FakeStory = {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: { component: string; _uid: string } & Record<string, unknown>;
  published_at: string | null;
  first_published_at: string | null;
  tag_list: string[];
} & Record<string, unknown>;

let counter = 0;

export function fakeStory(fullSlug: string, fields: Record<string, unknown> = {}, component = "page", name = fullSlug): FakeStory {
  counter += 1;
  return {
    id: 1000 + counter,
    uuid: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    name,
    slug: fullSlug.split("/").at(-1) ?? fullSlug,
    full_slug: fullSlug,
    content: { component, _uid: `uid-${counter}`, ...fields },
    published_at: "2026-11-01T08:00:00.000Z",
    first_published_at: "2026-11-01T08:00:00.000Z",
    tag_list: [],
  };
}

export interface FakeSpace {
  token: string;
  /** The space's preview token: validates _storyblok_tk and reads drafts. */
  previewToken: string;
  env: Env;
  /** Requests the fake received for this space (API only, not control calls). */
  requests(): Promise<Array<{ path: string; query: Record<string, string>; at: number }>>;
  /** Requests made with the preview token (drafts). */
  previewRequests(): Promise<Array<{ path: string; query: Record<string, string>; at: number }>>;
  publish(story: FakeStory, version?: number): Promise<void>;
  faults(...faults: Array<{ status?: number; delayMs?: number; times: number; path?: string }>): Promise<void>;
  /** A request through the real app with this space's env; waits for waitUntil work. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

async function control(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${env.FAKE_STORYBLOK_URL}/__fake/${path}`, {
    ...init,
    headers: { "Content-Type": "application/json" },
  });
  if (!response.ok) throw new Error(`fake storyblok control ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export const WEBHOOK_SECRET = "test-webhook-secret";
export const SPACE_ID = 4711;

export async function fakeSpace(
  options: { version?: number; stories?: FakeStory[]; drafts?: FakeStory[]; vars?: Record<string, string | undefined> } = {},
): Promise<FakeSpace> {
  const token = `token-${crypto.randomUUID()}`;
  const previewToken = `preview-${crypto.randomUUID()}`;
  const spaceState = JSON.stringify({
    space: { id: SPACE_ID, name: "Fake", version: options.version ?? 100 },
    stories: options.stories ?? [],
    drafts: options.drafts ?? [],
  });
  // The drafts are read with the preview token, which is a token of the same space.
  for (const key of [token, previewToken]) await control(key, { method: "PUT", body: spaceState });
  const spaceEnv = {
    ...env,
    STORYBLOK_TOKEN: token,
    STORYBLOK_API_BASE: `${env.FAKE_STORYBLOK_URL}/v2`,
    STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STORYBLOK_PREVIEW_TOKEN: previewToken,
    STORYBLOK_SPACE_ID: String(SPACE_ID),
    STORYBLOK_TIMEOUT_MS: "400",
    ...options.vars,
  } as unknown as Env;
  const app = createApp();
  return {
    token,
    previewToken,
    env: spaceEnv,
    requests: async () => (await control(`${token}/requests`)) as Array<{ path: string; query: Record<string, string>; at: number }>,
    previewRequests: async () =>
      (await control(`${previewToken}/requests`)) as Array<{ path: string; query: Record<string, string>; at: number }>,
    publish: async (story, version) =>
      void (await control(`${token}/publish`, { method: "POST", body: JSON.stringify({ story, version }) })),
    faults: async (...faults) => void (await control(`${token}/faults`, { method: "POST", body: JSON.stringify({ faults }) })),
    fetch: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has("User-Agent")) headers.set("User-Agent", BROWSER_UA);
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }), spaceEnv, ctx);
      // Read the body before waiting, so streamed SSR finishes and background writes are done.
      const body = await response.arrayBuffer();
      await waitOnExecutionContext(ctx);
      return new Response(body, response);
    },
  };
}

export async function signBody(body: string, secret = WEBHOOK_SECRET): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
