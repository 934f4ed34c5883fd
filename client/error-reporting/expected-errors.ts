import { isbot } from "isbot";

/**
 * Errors the browser meets in normal operation, which are not reported:
 * aborted requests and navigations, a chunk missing after a deploy (client/reload-guard.ts
 * reloads the page), the network going away, and anything a bot's browser throws.
 */
const EXPECTED_MESSAGES = [
  /abort/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /^(TypeError: )?(Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed)$/,
  /^ResizeObserver loop/,
];

export function isExpectedBrowserError(error: unknown, userAgent: string): boolean {
  if (isbot(userAgent)) return true;
  if (error instanceof DOMException && error.name === "AbortError") return true;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return EXPECTED_MESSAGES.some((pattern) => pattern.test(message));
}
