import { afterEach, beforeEach, vi } from "vitest";
import { BUILT_IN_SITE_SETTINGS } from "#domain/site-settings.ts";
import { setSettingsOutsidePages } from "#ui/site-context.tsx";

// Components rendered alone (no page around them) read the built-in site settings.
setSettingsOutsidePages(BUILT_IN_SITE_SETTINGS);

// STYLE.md habit 10: a console.error during a test fails it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called during the test: ${JSON.stringify(consoleErrors[0])}`);
  }
});
