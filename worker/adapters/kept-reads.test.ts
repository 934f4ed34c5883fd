import { expect, it } from "vitest";
import { createKeptReads } from "./kept-reads.ts";

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

function counter<T>(value: () => T) {
  const calls = { count: 0 };
  return { calls, read: async () => (calls.count++, value()) };
}

it("reads the versions once per second and again after that", async () => {
  const time = clock();
  const inputs = createKeptReads(1_000, time.now);
  let stored: [number, string | null] = [7, "s1"];
  const { calls, read } = counter(() => stored);
  expect(await inputs.versions("demo", read)).toEqual({ cv: 7, stockVersion: "s1" });
  stored = [8, "s2"];
  time.advance(999);
  expect(await inputs.versions("demo", read)).toEqual({ cv: 7, stockVersion: "s1" });
  expect(calls.count).toBe(1);
  time.advance(1);
  expect(await inputs.versions("demo", read)).toEqual({ cv: 8, stockVersion: "s2" });
  expect(calls.count).toBe(2);
});

it("forget() makes the next request read again (the webhook's isolate sees a publish at once)", async () => {
  const inputs = createKeptReads(1_000, clock().now);
  let stored: [number, string | null] = [7, null];
  const { read } = counter(() => stored);
  expect(await inputs.versions("demo", read)).toEqual({ cv: 7, stockVersion: "none" });
  stored = [8, null];
  inputs.forget();
  expect(await inputs.versions("demo", read)).toEqual({ cv: 8, stockVersion: "none" });
});

it("each content source keeps its own versions", async () => {
  const inputs = createKeptReads(1_000, clock().now);
  expect(await inputs.versions("demo", async () => [1, "s"])).toEqual({ cv: 1, stockVersion: "s" });
  expect(await inputs.versions("sb-0123456789abcdef", async () => [200, "s"])).toEqual({ cv: 200, stockVersion: "s" });
  expect(await inputs.versions("demo", async () => [2, "s"])).toEqual({ cv: 1, stockVersion: "s" });
});

it("an unknown cv or a failed read is not kept: the next request asks again", async () => {
  const inputs = createKeptReads(1_000, clock().now);
  let fail = true;
  let cv: number | undefined;
  const read = async (): Promise<[number | undefined, string | null]> => {
    if (fail) throw new Error("KV down");
    return [cv, "s"];
  };
  await expect(inputs.versions("demo", read)).rejects.toThrow("KV down");
  fail = false;
  expect(await inputs.versions("demo", read)).toBeNull();
  cv = 3;
  expect(await inputs.versions("demo", read)).toEqual({ cv: 3, stockVersion: "s" });
});

it("route lookups are kept per path for a second, the newest 1,000 or so", async () => {
  const time = clock();
  const inputs = createKeptReads(1_000, time.now);
  const entries = new Map<string, object>([["/alt", { target: "/neu" }]]);
  let reads = 0;
  const lookup = (path: string) => async () => (reads++, entries.get(path) ?? null);
  expect(await inputs.routeLookup("/alt", lookup("/alt"))).toEqual({ target: "/neu" });
  expect(await inputs.routeLookup("/werkstatt", lookup("/werkstatt"))).toBeNull();
  entries.set("/werkstatt", { middleware: {} });
  expect(await inputs.routeLookup("/werkstatt", lookup("/werkstatt"))).toBeNull();
  expect(reads).toBe(2);
  time.advance(1_000);
  expect(await inputs.routeLookup("/werkstatt", lookup("/werkstatt"))).toEqual({ middleware: {} });
  // More paths than it keeps: the oldest is read again, the newest is not.
  for (let index = 0; index < 1_100; index += 1) await inputs.routeLookup(`/p-${index}`, lookup(`/p-${index}`));
  reads = 0;
  await inputs.routeLookup("/werkstatt", lookup("/werkstatt"));
  await inputs.routeLookup("/p-1099", lookup("/p-1099"));
  expect(reads).toBe(1);
});

it("the content cv is kept per source; an unknown cv (null) is asked again", async () => {
  const inputs = createKeptReads(1_000, clock().now);
  let stored: number | null = null;
  let reads = 0;
  const read = async () => (reads++, stored);
  expect(await inputs.cv("demo", read)).toBeNull();
  stored = 5;
  expect(await inputs.cv("demo", read)).toBe(5);
  stored = 6;
  expect(await inputs.cv("demo", read)).toBe(5);
  expect(reads).toBe(2);
  inputs.forget();
  expect(await inputs.cv("demo", read)).toBe(6);
});
