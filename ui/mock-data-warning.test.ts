import { describe, expect, it, vi } from "vitest";
import { MOCK_DATA_BROWSER_WARNING, warnIfMockData } from "./mock-data-warning.ts";

describe("mock-data warning in the browser (spec section 9)", () => {
  it("warns once per document, only when the public mock setting is on", () => {
    const warn = vi.fn();
    warnIfMockData({ mockData: false }, warn);
    warnIfMockData(null, warn);
    expect(warn).not.toHaveBeenCalled();
    warnIfMockData({ mockData: true }, warn);
    warnIfMockData({ mockData: true }, warn);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(MOCK_DATA_BROWSER_WARNING);
  });
});
