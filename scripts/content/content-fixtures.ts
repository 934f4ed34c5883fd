import { demoSpace } from "#kv-seed/demo-space/demo-space.ts";
import type { ContentCliDeps } from "./content-cli.ts";
import { startManagementApiStandIn, type ManagementApiStandIn, type StandInOptions } from "./management-api-stand-in.ts";
import { managementApi, type Clock, type ManagementApi, type ManagementApiOptions } from "./management-api.ts";

export const TOKEN = "personal-access-token";
export const SPACE = 287_411;

/** A clock whose sleeps only move its time forward, shared by the scripts and the stand-in. */
export function fakeClock(start = 1_000_000): Clock & { slept: number[] } {
  let time = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => time,
    async sleep(ms) {
      slept.push(ms);
      time += ms;
    },
  };
}

/** A stand-in with one empty space and a client for it; `close` in afterEach. */
export async function standInFixture(options: Partial<StandInOptions> = {}, client: Partial<ManagementApiOptions> = {}) {
  const clock = fakeClock();
  const standIn: ManagementApiStandIn = await startManagementApiStandIn({
    token: TOKEN,
    spaces: [{ id: SPACE }],
    now: clock.now,
    ...options,
  });
  const api: ManagementApi = managementApi({ baseUrl: standIn.url, token: TOKEN, spaceId: SPACE, clock, ...client });
  const log: string[] = [];
  return { clock, standIn, api, log, say: (line: string) => log.push(line) };
}

/** The CLI's outside world: the stand-in's URL and token in the environment, output collected. */
export function cliDeps(standIn: ManagementApiStandIn | null, clock: Clock, env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const files = new Map<string, string>();
  const deps: ContentCliDeps = {
    env: { STORYBLOK_MANAGEMENT_TOKEN: TOKEN, ...(standIn && { STORYBLOK_MANAGEMENT_API: standIn.url }), ...env },
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    writeFile: (path, text) => files.set(path, text),
    demoStories: () => demoSpace().stories,
    clock,
  };
  return { deps, out, err, files };
}
