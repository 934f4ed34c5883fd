import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { CONSENT_COOKIE, CONSENT_PURPOSES, consentValue, type ConsentPurpose } from "../domain/consent.ts";
import { fakeSentryPort, type ReceivedItem } from "./support/fake-sentry.ts";

/**
 * Browser error reporting against the local Sentry stand-in the config starts
 * (e2e/support/fake-sentry.ts; the site runs with SENTRY_BROWSER_DSN pointing at it). Uses the
 * plain Playwright test: the error these journeys throw on purpose would fail the shared
 * fixture's clean-console check.
 */
const test = base;
const INGEST = `http://127.0.0.1:${fakeSentryPort(process.env)}`;
const SENTRY_CHUNK = /\/assets\/(?:ed-)?sentry-browser-[\w-]+\.js$/;

async function received(request: APIRequestContext): Promise<ReceivedItem[]> {
  return (await request.get(`${INGEST}/envelopes`)).json() as Promise<ReceivedItem[]>;
}

async function withConsent(page: Page, granted: readonly ConsentPurpose[], baseURL: string) {
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: consentValue(granted, Date.now()), url: baseURL }]);
}

function throwLater(page: Page, message: string) {
  return page.evaluate(
    (text) =>
      setTimeout(() => {
        throw new Error(text);
      }),
    message,
  );
}

// The stand-in keeps what every test sent: one journey at a time.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ request }) => {
  await request.delete(`${INGEST}/envelopes`);
});

for (const [kind, path] of [
  ["app page", "/carfinder"],
  ["editorial page", "/werkstatt"],
] as const) {
  test(`${kind}: with statistics consent an unexpected error reaches Sentry once, after idle, with a masked replay`, async ({
    page,
    request,
    baseURL,
  }) => {
    await withConsent(page, CONSENT_PURPOSES, baseURL!);
    const sdk = page.waitForRequest((req) => SENTRY_CHUNK.test(new URL(req.url()).pathname));
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await sdk;
    // The SDK is set up right after its chunk evaluates.
    await page.waitForFunction(() => "__SENTRY__" in window);
    await throwLater(page, `e2e: unexpected failure on ${path}`);
    await expect.poll(async () => (await received(request)).filter((item) => item.type === "event").length, { timeout: 10_000 }).toBe(1);
    const items = await received(request);
    const event = JSON.parse(items.find((item) => item.type === "event")!.payload) as {
      environment: string;
      exception: { values: Array<{ value: string }> };
    };
    expect(event.environment).toBe("development");
    expect(event.exception.values[0]!.value).toBe(`e2e: unexpected failure on ${path}`);
    expect(items.every((item) => item.key === "e2epublickey")).toBe(true);
    // Replay on error (1.0): the recording follows; texts are masked, so no German word of the page is in it.
    await expect
      .poll(async () => (await received(request)).some((item) => item.type === "replay_recording"), { timeout: 15_000 })
      .toBe(true);
    const recording = (await received(request))
      .filter((item) => item.type === "replay_recording")
      .map((item) => item.payload)
      .join("\n");
    expect(recording).not.toContain("Fahrzeugsuche");
    expect(recording).toContain("*****");
  });
}

test("an expected error (an aborted request) is not reported", async ({ page, request, baseURL }) => {
  await withConsent(page, CONSENT_PURPOSES, baseURL!);
  const sdk = page.waitForRequest((req) => SENTRY_CHUNK.test(new URL(req.url()).pathname));
  await page.goto("/carfinder");
  await sdk;
  await page.waitForFunction(() => "__SENTRY__" in window);
  await page.evaluate(() => {
    const controller = new AbortController();
    const pending = fetch("/api/search", { signal: controller.signal });
    controller.abort();
    void pending; // rejected with an AbortError nobody handles
  });
  await throwLater(page, "e2e: the one real error");
  await expect.poll(async () => (await received(request)).filter((item) => item.type === "event").length, { timeout: 10_000 }).toBe(1);
  await page.waitForTimeout(500);
  const events = (await received(request)).filter((item) => item.type === "event").map((item) => item.payload);
  expect(events).toHaveLength(1);
  expect(events[0]).toContain("e2e: the one real error");
});

test("without statistics consent the SDK never loads and nothing is sent", async ({ page, request, baseURL }) => {
  await withConsent(
    page,
    CONSENT_PURPOSES.filter((purpose) => purpose !== "statistics"),
    baseURL!,
  );
  const chunks: string[] = [];
  page.on("request", (req) => {
    if (SENTRY_CHUNK.test(new URL(req.url()).pathname) || req.url().startsWith(INGEST)) chunks.push(req.url());
  });
  page.on("pageerror", () => undefined);
  await page.goto("/carfinder");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await throwLater(page, "e2e: not reported without consent");
  await page.waitForTimeout(1000);
  expect(chunks).toEqual([]);
  expect(await received(request)).toEqual([]);
});
