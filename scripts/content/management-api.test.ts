import * as z from "zod";
import { afterEach, describe, expect, it } from "vitest";
import { fakeClock, SPACE, standInFixture, TOKEN } from "./content-fixtures.ts";
import type { ManagementApiStandIn } from "./management-api-stand-in.ts";
import { errorText, managementApi, ManagementApiError, RemoteComponentSchema, retryAfterMs } from "./management-api.ts";

let standIn: ManagementApiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const space = z.object({ space: z.object({ id: z.number() }) });
const refused = () => standIn?.requests.filter((request) => request.status === 429).length;

describe("Management API client", () => {
  it("throttles to 3 requests per second, so a space limited to 3 per second never answers 429", async () => {
    const fixture = await standInFixture({ ratePerSecond: 3 });
    standIn = fixture.standIn;
    for (let i = 0; i < 10; i += 1) await fixture.api.request("GET", "", space);
    expect(refused()).toBe(0);
    expect(fixture.standIn.requests).toHaveLength(10);
    expect(fixture.clock.slept.reduce((sum, ms) => sum + ms, 0)).toBe(9 * 334);
  });

  it("a 429 with Retry-After waits that long and retries", async () => {
    const fixture = await standInFixture({}, { onRetry: (notice) => fixture.say(`${notice.status} ${notice.waitMs} ${notice.attempt}`) });
    standIn = fixture.standIn;
    fixture.standIn.refuseNext(2, 2);
    await expect(fixture.api.request("GET", "", space)).resolves.toEqual({ space: { id: SPACE } });
    expect(fixture.log).toEqual(["429 2000 1", "429 2000 2"]);
    expect(fixture.standIn.requests.map((request) => request.status)).toEqual([429, 429, 200]);
  });

  it("a 429 without Retry-After backs off 1 s, 2 s, 4 s", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    fixture.standIn.refuseNext(3);
    await fixture.api.request("GET", "", space);
    expect(fixture.clock.slept.filter((ms) => ms >= 1_000)).toEqual([1_000, 2_000, 4_000]);
  });

  it("gives up after five retries with a message saying so", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    fixture.standIn.refuseNext(6);
    const failure = fixture.api.request("GET", "", space);
    await expect(failure).rejects.toThrow(/429.*after 5 retries/s);
    expect(fixture.standIn.requests).toHaveLength(6);
  });

  it("unthrottled, the space's rate limit answers 429 and the retries still get every request through", async () => {
    const fixture = await standInFixture({ ratePerSecond: 3, retryAfter: true }, { ratePerSecond: 50 });
    standIn = fixture.standIn;
    for (let i = 0; i < 10; i += 1) await fixture.api.request("GET", "", space);
    expect(refused()).toBeGreaterThan(0);
    expect(fixture.standIn.requests.filter((request) => request.status === 200)).toHaveLength(10);
  });

  it("lists every page through the total header", async () => {
    const components = Array.from({ length: 130 }, (_, index) => ({ name: `editor_block_${index}`, schema: {} }));
    const fixture = await standInFixture({ spaces: [{ id: SPACE, components }] });
    standIn = fixture.standIn;
    expect(await fixture.api.list("components", "components", RemoteComponentSchema)).toHaveLength(130);
    expect(fixture.standIn.requests.map((request) => request.path)).toEqual([
      `/v1/spaces/${SPACE}/components?per_page=100&page=1`,
      `/v1/spaces/${SPACE}/components?per_page=100&page=2`,
    ]);
    const small = managementApi({ baseUrl: fixture.standIn.url, token: TOKEN, spaceId: SPACE, clock: fixture.clock, pageSize: 25 });
    const names = (await small.list("components", "components", RemoteComponentSchema)).map((component) => component.name);
    expect(new Set(names).size).toBe(130);
    expect(fixture.standIn.requests).toHaveLength(2 + 6);
  });

  it("the stand-in pages like Storyblok: 25 by default, at most 100, with Total and Per-Page headers", async () => {
    const components = Array.from({ length: 130 }, (_, index) => ({ name: `editor_block_${index}`, schema: {} }));
    const fixture = await standInFixture({ spaces: [{ id: SPACE, components }] });
    standIn = fixture.standIn;
    const page = async (query: string) => {
      const response = await fetch(`${fixture.standIn.url}/spaces/${SPACE}/components${query}`, { headers: { Authorization: TOKEN } });
      const body = (await response.json()) as { components: unknown[] };
      return [body.components.length, response.headers.get("total"), response.headers.get("per-page")];
    };
    expect(await page("")).toEqual([25, "130", "25"]);
    expect(await page("?per_page=500")).toEqual([100, "130", "100"]);
    expect(await page("?per_page=100&page=2")).toEqual([30, "130", "100"]);
  });

  it("a list without a total header is one page (Storyblok documents the component list as unpaginated)", async () => {
    const clock = fakeClock();
    const calls: string[] = [];
    const api = managementApi({
      baseUrl: "https://mapi.example.test/v1",
      token: TOKEN,
      spaceId: SPACE,
      clock,
      pageSize: 2,
      fetch: async (url) => {
        calls.push(url);
        return Response.json({ components: [1, 2, 3].map((id) => ({ id, name: `c${id}`, schema: {} })) });
      },
    });
    expect(await api.list("components", "components", RemoteComponentSchema)).toHaveLength(3);
    expect(calls).toHaveLength(1);
  });

  it("a wrong token is a 401 naming the token, an unknown space a 404 naming the space, in German and English", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    const wrongToken = managementApi({ baseUrl: fixture.standIn.url, token: "nope", spaceId: SPACE, clock: fixture.clock });
    await expect(wrongToken.request("GET", "", space)).rejects.toThrow(
      /Storyblok lehnt das Token ab \(401\)[\s\S]*Storyblok refused the token \(401\)/,
    );
    const wrongSpace = managementApi({ baseUrl: fixture.standIn.url, token: TOKEN, spaceId: 1, clock: fixture.clock });
    await expect(wrongSpace.list("stories", "stories", z.unknown())).rejects.toThrow(
      /Space 1 nicht gefunden \(404\)[\s\S]*Space 1 not found \(404\)/,
    );
  });

  it("an answer of another shape than documented fails, naming the request", async () => {
    const api = managementApi({
      baseUrl: "https://mapi.example.test/v1",
      token: TOKEN,
      spaceId: SPACE,
      clock: fakeClock(),
      fetch: async () => Response.json({ spaces: [] }),
    });
    await expect(api.request("GET", "", space)).rejects.toThrow(/answer to GET space is not what the Management API documents/);
  });

  it("reads Storyblok's error bodies and Retry-After in seconds or as a date", () => {
    expect(errorText({ name: ["has already been taken"], schema: ["is invalid"] })).toBe(
      "name: has already been taken; schema: is invalid",
    );
    expect(errorText(["Slug is invalid"])).toBe("Slug is invalid");
    expect(errorText({ error: "Unauthorized" })).toBe("Unauthorized");
    expect(retryAfterMs("3", 0)).toBe(3_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null, 0)).toBeUndefined();
    expect(new ManagementApiError(422, { name: ["can't be blank"] }, "POST", "components").message).toBe(
      "POST components answered 422: name: can't be blank",
    );
  });
});
