import { Toucan } from "toucan-js";
import { expect, it, vi } from "vitest";
import { HTTPException } from "hono/http-exception";
import { errorReporterFor, isExpectedServerError, lazyErrorReporter, NO_REPORTER, randomNonce } from "./request-context.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36";

it("reports unexpected errors; not aborted requests, deliberate 4xx or what bots run into", () => {
  const visitor = new Request("https://www.example.de/carfinder", { headers: { "User-Agent": BROWSER } });
  expect(isExpectedServerError(new Error("D1_ERROR"), visitor)).toBe(false);
  expect(isExpectedServerError(new HTTPException(500), visitor)).toBe(false);
  expect(isExpectedServerError(new HTTPException(404), visitor)).toBe(true);
  const controller = new AbortController();
  const aborted = new Request("https://www.example.de/carfinder", { headers: { "User-Agent": BROWSER }, signal: controller.signal });
  controller.abort();
  expect(isExpectedServerError(new Error("x"), aborted)).toBe(true);
  const bot = new Request("https://www.example.de/carfinder", {
    headers: { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" },
  });
  expect(isExpectedServerError(new Error("x"), bot)).toBe(true);
});

it("creates the error reporter's client on the first report only, one per request, and keeps the request alive for it", async () => {
  const client = new Toucan({});
  const capture = vi.spyOn(client, "captureException").mockImplementation(() => "event-id");
  const create = vi.fn(async () => client);
  const pending: Promise<unknown>[] = [];
  const reporter = lazyErrorReporter(create, (promise) => pending.push(promise));
  expect(create).not.toHaveBeenCalled();
  const first = new Error("eins");
  reporter.captureException(first);
  reporter.captureException(new Error("zwei"));
  expect(pending).toHaveLength(2);
  await Promise.all(pending);
  expect(create).toHaveBeenCalledTimes(1);
  expect(capture).toHaveBeenCalledTimes(2);
  expect(capture.mock.calls[0]?.[0]).toBe(first);
});

it("a reporter whose client cannot be made logs that and never throws into the request", async () => {
  const pending: Promise<unknown>[] = [];
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const reporter = lazyErrorReporter(
    () => Promise.reject(new Error("module failed to load")),
    (promise) => pending.push(promise),
  );
  expect(() => reporter.captureException(new Error("x"))).not.toThrow();
  await Promise.all(pending);
  expect(logged).toHaveBeenCalledWith("error reporter unavailable", expect.any(Error));
  logged.mockRestore();
});

it("nonces are 16 random bytes each, never repeated across draws of the pool", () => {
  const nonces = Array.from({ length: 300 }, () => randomNonce());
  expect(new Set(nonces).size).toBe(300);
  for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
});

it("without a DSN nothing is reported and no client is made", () => {
  const create = vi.fn(async () => new Toucan({}));
  const keep = () => undefined;
  expect(errorReporterFor(undefined, create, keep)).toBe(NO_REPORTER);
  expect(errorReporterFor("", create, keep)).toBe(NO_REPORTER);
  errorReporterFor(undefined, create, keep).captureException(new Error("x"));
  expect(create).not.toHaveBeenCalled();
  expect(errorReporterFor("https://key@sentry.example/1", create, keep)).not.toBe(NO_REPORTER);
});
