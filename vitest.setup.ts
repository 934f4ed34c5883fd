import { afterEach, beforeEach, vi } from "vitest";

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
