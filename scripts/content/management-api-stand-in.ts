import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in of Storyblok's Management API for the content scripts' tests: an in-process
 * HTTP server on 127.0.0.1 (ephemeral port) that keeps its spaces' components and stories (folders
 * are stories with `is_folder`) and speaks the documented protocol: `{ component }`, `{ components }`,
 * `{ story, publish }`, `{ stories }`, pagination by `per_page` (default 25, at most 100) and `page`
 * with `Total` and `Per-Page` headers, 401 for a wrong token, 404 for an unknown space, 422 with a
 * Rails-style body (`{ "name": ["has already been taken"] }`) for an invalid component or story,
 * and 429 on demand: a rate limit per second on the injected clock, or the next n requests.
 *
 * What Storyblok does on top (presets, component groups, versions, assets) is not here.
 */

/** The field types "Possible Field Types" lists (plus `tab`, which the editor creates). */
const FIELD_TYPES = new Set([
  "bloks",
  "text",
  "textarea",
  "richtext",
  "markdown",
  "number",
  "datetime",
  "boolean",
  "option",
  "options",
  "asset",
  "multiasset",
  "multilink",
  "table",
  "section",
  "custom",
  "image",
  "file",
  "tab",
]);

type Json = Record<string, unknown>;

export interface StandInComponent extends Json {
  id: number;
  name: string;
  schema: Record<string, Json>;
}

export interface StandInStory extends Json {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  parent_id: number;
  is_folder: boolean;
  is_startpage: boolean;
  published: boolean;
  content?: Json;
}

export interface StandInSpace {
  id: number;
  name: string;
  components: StandInComponent[];
  stories: StandInStory[];
}

export interface StandInRequest {
  method: string;
  path: string;
  status: number;
  body?: unknown;
}

export interface StandInOptions {
  token: string;
  /** The spaces and the components they start with (ids are given here). */
  spaces: Array<{ id: number; name?: string; components?: Array<Json & { name: string; schema: Record<string, Json> }> }>;
  /** Milliseconds for the rate limit's window (share the scripts' fake clock). */
  now?: () => number;
  /** More requests than this within one second answer 429. */
  ratePerSecond?: number;
  /** Whether a 429 carries `Retry-After: 1`. */
  retryAfter?: boolean;
}

export interface ManagementApiStandIn {
  /** The API base, like https://mapi.storyblok.com/v1. */
  url: string;
  space(id: number): StandInSpace;
  requests: StandInRequest[];
  /** The next `count` requests answer 429 (with `Retry-After: retryAfter` seconds when given). */
  refuseNext(count: number, retryAfter?: number): void;
  close(): Promise<void>;
}

export async function startManagementApiStandIn(options: StandInOptions): Promise<ManagementApiStandIn> {
  const now = options.now ?? (() => Date.now());
  let nextId = 1_000;
  const spaces = new Map<number, StandInSpace>();
  for (const space of options.spaces) {
    const state: StandInSpace = { id: space.id, name: space.name ?? `Space ${space.id}`, components: [], stories: [] };
    for (const component of space.components ?? []) state.components.push({ ...component, id: (nextId += 1) });
    spaces.set(space.id, state);
  }
  const requests: StandInRequest[] = [];
  const accepted: number[] = [];
  let refusals: Array<number | undefined> = [];

  function rateLimited(): { retryAfter?: number } | null {
    if (refusals.length > 0) {
      const [retryAfter, ...rest] = refusals;
      refusals = rest;
      return retryAfter === undefined ? {} : { retryAfter };
    }
    if (options.ratePerSecond === undefined) return null;
    const at = now();
    while (accepted.length > 0 && (accepted[0] ?? 0) <= at - 1_000) accepted.shift();
    if (accepted.length >= options.ratePerSecond) return options.retryAfter ? { retryAfter: 1 } : {};
    accepted.push(at);
    return null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const method = request.method ?? "GET";
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method, path: `${url.pathname}${url.search}`, status, ...(body !== undefined && { body }) });
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(JSON.stringify(json));
    };

    const limited = rateLimited();
    if (limited)
      return answer(
        429,
        { error: "Too Many Requests" },
        limited.retryAfter === undefined ? {} : { "Retry-After": String(limited.retryAfter) },
      );
    if (request.headers.authorization !== options.token) return answer(401, { error: "Unauthorized" });
    const match = /^\/v1\/spaces\/(\d+)(?:\/(components|stories)(?:\/(\d+))?)?\/?$/.exec(url.pathname);
    if (!match) return answer(404, { error: "Not Found" });
    const space = spaces.get(Number(match[1]));
    if (!space) return answer(404, { error: "Not Found" });
    const [, , collection, idText] = match;
    const id = idText === undefined ? undefined : Number(idText);

    if (!collection)
      return method === "GET" ? answer(200, { space: { id: space.id, name: space.name } }) : answer(405, { error: "Method Not Allowed" });
    const list = collection === "components" ? space.components : space.stories;

    if (id === undefined && method === "GET") {
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page")) || 25));
      const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
      const items = list.slice((page - 1) * perPage, page * perPage);
      const headers = { Total: String(list.length), "Per-Page": String(perPage) };
      if (collection === "components") return answer(200, { components: items, component_groups: [] }, headers);
      // Like Storyblok, the story list leaves out the content.
      return answer(200, { stories: items.map(({ content: _content, ...story }) => story) }, headers);
    }
    const found = id === undefined ? undefined : list.find((item) => item.id === id);
    if (id !== undefined && !found) return answer(404, { error: "Not Found" });

    if (collection === "components") {
      const component = (body as { component?: Json } | undefined)?.component;
      if (method === "GET" && found) return answer(200, { component: found });
      if (method === "DELETE" && found) {
        space.components = space.components.filter((item) => item !== found);
        return answer(200, { component: found });
      }
      if ((method === "POST" && id === undefined) || (method === "PUT" && found)) {
        const problems = componentProblems(component, space.components, found?.id);
        if (problems) return answer(422, problems);
        const stored = storedComponent(component as Json, found?.id ?? (nextId += 1), now());
        if (found) space.components = space.components.map((item) => (item === found ? stored : item));
        else space.components.push(stored);
        return answer(method === "POST" ? 201 : 200, { component: stored });
      }
      return answer(405, { error: "Method Not Allowed" });
    }

    const payload = body as { story?: Json; publish?: unknown } | undefined;
    if (method === "GET" && found) return answer(200, { story: found });
    if ((method === "POST" && id === undefined) || (method === "PUT" && found)) {
      const problems = storyProblems(payload?.story, space.stories, found as StandInStory | undefined);
      if (problems) return answer(422, problems);
      const stored = storedStory(payload?.story as Json, space.stories, found as StandInStory | undefined, (nextId += 1), payload?.publish);
      if (found) space.stories = space.stories.map((item) => (item === found ? stored : item));
      else space.stories.push(stored);
      return answer(method === "POST" ? 201 : 200, { story: stored });
    }
    return answer(405, { error: "Method Not Allowed" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    space(id) {
      const space = spaces.get(id);
      if (!space) throw new Error(`no stand-in space ${id}`);
      return space;
    },
    requests,
    refuseNext(count, retryAfter) {
      refusals = [...refusals, ...Array.from({ length: count }, () => retryAfter)];
    },
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A fresh Storyblok space's sample content: the "Home" story of the default `page` component. */
export function addSampleHome(space: StandInSpace): void {
  space.stories.push({
    id: 1,
    uuid: "00000000-0000-4000-a000-000000000001",
    name: "Home",
    slug: "home",
    full_slug: "home",
    parent_id: 0,
    is_folder: false,
    is_startpage: false,
    published: false,
    content: { component: "page", _uid: "sample", body: [{ component: "teaser", _uid: "t", headline: "Hello world!" }] },
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

function componentProblems(component: unknown, components: readonly StandInComponent[], ownId: number | undefined): Json | null {
  if (typeof component !== "object" || component === null) return { component: ["is missing"] };
  const { name, schema } = component as { name?: unknown; schema?: unknown };
  if (typeof name !== "string" || name.trim() === "") return { name: ["can't be blank"] };
  if (components.some((item) => item.name === name && item.id !== ownId)) return { name: ["has already been taken"] };
  if (schema !== undefined && (typeof schema !== "object" || schema === null || Array.isArray(schema))) return { schema: ["is invalid"] };
  for (const [key, field] of Object.entries((schema ?? {}) as Record<string, unknown>)) {
    const type = typeof field === "object" && field !== null ? (field as { type?: unknown }).type : undefined;
    if (typeof type !== "string" || !FIELD_TYPES.has(type))
      return { schema: [`field ${key} has an invalid type ${JSON.stringify(type ?? null)}`] };
  }
  return null;
}

/** What Storyblok stores: the fields get an id of their own, the component its timestamps. */
function storedComponent(component: Json, id: number, at: number): StandInComponent {
  const schema = Object.fromEntries(
    Object.entries((component.schema ?? {}) as Record<string, Json>).map(([key, field]) => [key, { id: `field-${id}-${key}`, ...field }]),
  );
  return {
    display_name: null,
    is_root: false,
    is_nestable: true,
    preview_field: null,
    component_group_uuid: null,
    ...component,
    id,
    name: String(component.name),
    schema,
    updated_at: new Date(at).toISOString(),
  };
}

function storyProblems(story: unknown, stories: readonly StandInStory[], own: StandInStory | undefined): Json | null {
  if (typeof story !== "object" || story === null) return { story: ["is missing"] };
  const { name, slug, parent_id: parentId, is_folder: isFolder, content, is_startpage: isStartpage } = story as Json;
  if (typeof name !== "string" || name.trim() === "") return { name: ["can't be blank"] };
  if (typeof slug !== "string" || !/^[a-z0-9][a-z0-9_.-]*$/.test(slug)) return { slug: ["is invalid"] };
  const parent = typeof parentId === "number" && parentId !== 0 ? stories.find((item) => item.id === parentId) : undefined;
  if (typeof parentId === "number" && parentId !== 0 && !parent?.is_folder) return { parent_id: ["must be a folder"] };
  const siblings = stories.filter((item) => item.parent_id === (parent?.id ?? 0) && item !== own);
  if (isStartpage !== true && siblings.some((item) => item.slug === slug && !item.is_startpage))
    return { slug: ["has already been taken"] };
  if (isStartpage === true && siblings.some((item) => item.is_startpage)) return { is_startpage: ["has already been taken"] };
  if (isFolder !== true) {
    if (typeof content !== "object" || content === null || typeof (content as Json).component !== "string")
      return { content: ["needs a component"] };
  }
  return null;
}

function storedStory(
  story: Json,
  stories: readonly StandInStory[],
  own: StandInStory | undefined,
  id: number,
  publish: unknown,
): StandInStory {
  const parentId = typeof story.parent_id === "number" ? story.parent_id : (own?.parent_id ?? 0);
  const parent = stories.find((item) => item.id === parentId);
  const slug = String(story.slug);
  const isStartpage = story.is_startpage === true;
  // A folder's start page answers for the folder: its full slug is the folder's with a slash.
  const fullSlug = isStartpage ? `${parent?.full_slug ?? ""}/` : parent ? `${parent.full_slug}/${slug}` : slug;
  const storyId = own?.id ?? id;
  return {
    ...own,
    ...story,
    id: storyId,
    uuid: own?.uuid ?? `00000000-0000-4000-a000-${String(storyId).padStart(12, "0")}`,
    name: String(story.name),
    slug,
    full_slug: fullSlug,
    parent_id: parentId,
    is_folder: story.is_folder === true,
    is_startpage: isStartpage,
    published: story.is_folder === true ? false : publish === 1 || publish === "1" || publish === true || (own?.published ?? false),
  };
}
