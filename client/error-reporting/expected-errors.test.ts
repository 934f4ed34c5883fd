import { describe, expect, it } from "vitest";
import { isExpectedBrowserError } from "./expected-errors.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36";

describe("isExpectedBrowserError", () => {
  it("reports a real bug", () => {
    expect(isExpectedBrowserError(new TypeError("Cannot read properties of undefined (reading 'price')"), CHROME)).toBe(false);
  });

  it.each([
    ["an aborted fetch", new DOMException("The operation was aborted.", "AbortError")],
    ["a chunk gone after a deploy", new TypeError("Failed to fetch dynamically imported module: https://www.example.de/assets/x.js")],
    ["the network going away", new TypeError("Failed to fetch")],
    ["Safari's network failure", new TypeError("Load failed")],
    ["a ResizeObserver notice", "ResizeObserver loop completed with undelivered notifications."],
  ])("does not report %s", (_, error) => {
    expect(isExpectedBrowserError(error, CHROME)).toBe(true);
  });

  it("does not report anything a bot's browser throws", () => {
    expect(
      isExpectedBrowserError(
        new TypeError("x is not a function"),
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      ),
    ).toBe(true);
  });
});
