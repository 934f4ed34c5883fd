/**
 * A fake Storyblok Content Delivery API v2 for the worker tests (runs in Node, started by
 * vitest's globalSetup, reached from workerd over 127.0.0.1). It speaks the real shapes:
 * GET /v2/cdn/stories/{full_slug}, GET /v2/cdn/stories (starts_with, by_uuids, with_tag,
 * content_type, sort_by, excluding_fields, page, per_page; `total` and `per-page` headers),
 * GET /v2/cdn/spaces/me. Each access token is its own space, so test files never share state.
 *
 * Tests script it through /__fake/… :
 *   PUT    /__fake/{token}            { space: { id, name, version }, stories: Story[], drafts?: Story[] }
 *   POST   /__fake/{token}/publish    { story, version? }   (replaces the published story, sets the version)
 *   POST   /__fake/{token}/faults     { faults: [{ status?, delayMs?, times, path? }] }  next matching API requests fail/slow down
 *   GET    /__fake/{token}/requests   every API request so far ({ path, query, at })
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

type Story = { uuid: string; full_slug: string; content: Record<string, unknown>; tag_list?: string[] } & Record<string, unknown>;
interface Fault {
  status?: number;
  delayMs?: number;
  times: number;
  path?: string;
}
interface Space {
  space: { id: number; name: string; version: number };
  published: Map<string, Story>;
  drafts: Map<string, Story>;
  faults: Fault[];
  requests: Array<{ path: string; query: Record<string, string>; at: number }>;
}

const spaces = new Map<string, Space>();

export function startFakeStoryblok(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname.startsWith("/__fake/")) return control(request, response, url);
  if (request.method !== "GET") return send(response, 405, { error: "Method not allowed" });

  const query = Object.fromEntries(url.searchParams);
  const space = spaces.get(query.token ?? "");
  if (!space) return send(response, 401, { error: "Unauthorized" });
  space.requests.push({ path: url.pathname, query, at: Date.now() });

  const fault = space.faults.find((candidate) => candidate.times > 0 && (!candidate.path || url.pathname.startsWith(candidate.path)));
  if (fault) {
    fault.times -= 1;
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.status === 429) return send(response, 429, { error: "Too Many Requests" });
    if (fault.status) return send(response, fault.status, { error: `Fake fault ${fault.status}` });
  }

  const version = space.space.version;
  if (url.pathname === "/v2/cdn/spaces/me") return send(response, 200, { space: space.space });

  const draft = query.version === "draft";
  const storyFor = (slug: string) => (draft ? (space.drafts.get(slug) ?? space.published.get(slug)) : space.published.get(slug));

  if (url.pathname.startsWith("/v2/cdn/stories/")) {
    const slug = decodeURIComponent(url.pathname.slice("/v2/cdn/stories/".length));
    const story = storyFor(slug);
    if (!story) return send(response, 404, ["This record could not be found"]);
    return send(response, 200, { story, cv: version, rels: [], links: [] });
  }

  if (url.pathname === "/v2/cdn/stories") {
    const slugs = new Set([...space.published.keys(), ...(draft ? space.drafts.keys() : [])]);
    let stories = [...slugs].map(storyFor).filter((story): story is Story => story !== undefined);
    if (query.starts_with) stories = stories.filter((story) => story.full_slug.startsWith(query.starts_with!));
    if (query.by_uuids) {
      const uuids = new Set(query.by_uuids.split(","));
      stories = stories.filter((story) => uuids.has(story.uuid));
    }
    if (query.with_tag) stories = stories.filter((story) => (story.tag_list ?? []).includes(query.with_tag!));
    if (query.content_type) stories = stories.filter((story) => story.content.component === query.content_type);
    if (query.sort_by) {
      const [path = "", direction] = query.sort_by.split(":");
      const read = (story: Story) => String((path.startsWith("content.") ? story.content[path.slice(8)] : story[path]) ?? "");
      stories.sort((a, b) => (direction === "desc" ? -1 : 1) * read(a).localeCompare(read(b)));
    }
    const excluded = new Set((query.excluding_fields ?? "").split(",").filter(Boolean));
    const perPage = Math.min(Number(query.per_page ?? 25), 100);
    const page = Number(query.page ?? 1);
    const slice = stories.slice((page - 1) * perPage, page * perPage).map((story) => ({
      ...story,
      content: Object.fromEntries(Object.entries(story.content).filter(([key]) => !excluded.has(key))),
    }));
    return send(
      response,
      200,
      { stories: slice, cv: version, rels: [], links: [] },
      { total: String(stories.length), "per-page": String(perPage) },
    );
  }
  return send(response, 404, ["This record could not be found"]);
}

async function control(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const [, , token = "", action = ""] = url.pathname.split("/");
  const body = request.method === "GET" ? {} : await readJson(request);
  if (action === "" && request.method === "PUT") {
    const { space, stories = [], drafts = [] } = body as { space: Space["space"]; stories?: Story[]; drafts?: Story[] };
    spaces.set(token, {
      space,
      published: new Map(stories.map((story) => [story.full_slug, story])),
      drafts: new Map(drafts.map((story) => [story.full_slug, story])),
      faults: [],
      requests: [],
    });
    return send(response, 200, { ok: true });
  }
  const space = spaces.get(token);
  if (!space) return send(response, 404, { error: `no fake space for ${token}` });
  if (action === "publish") {
    const { story, version } = body as { story: Story; version?: number };
    space.published.set(story.full_slug, story);
    if (version !== undefined) space.space.version = version;
    return send(response, 200, { ok: true });
  }
  if (action === "faults") {
    space.faults.push(...(body as { faults: Fault[] }).faults);
    return send(response, 200, { ok: true });
  }
  if (action === "requests") return send(response, 200, space.requests);
  return send(response, 404, { error: "unknown control action" });
}

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch (error) {
        reject(error);
      }
    });
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}
