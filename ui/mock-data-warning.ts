import type { ExternalServices } from "#domain/site-config.ts";

/**
 * The spec's mock-data mode (section 9: "A mock-data mode warns in the console when the public mock
 * setting equals 'true'"): with PUBLIC_MOCK_DATA = "true" the worker serves the embedded demo data
 * (worker/content/demo-space-source.ts says so in the worker's log) and every page says it in the
 * browser's console, once per document.
 */
export const MOCK_DATA_BROWSER_WARNING = "Mock data mode: PUBLIC_MOCK_DATA is 'true', this site shows demo data.";

let warned = false;

export function warnIfMockData(
  services: Pick<ExternalServices, "mockData"> | null | undefined,
  warn: (message: string) => void = console.warn,
): void {
  if (!services?.mockData || warned) return;
  warned = true;
  warn(MOCK_DATA_BROWSER_WARNING);
}
