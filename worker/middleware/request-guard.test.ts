import { expect, it } from "vitest";
import { MAX_PATH_LENGTH, rejectUrl } from "./request-guard.ts";

it("accepts ordinary URLs including encoded umlauts", () => {
  expect(rejectUrl(new URL("https://x.de/%C3%BCber-uns?sorting=price-desc"))).toBeNull();
});

it("refuses invalid percent-encoding and control characters", () => {
  expect(rejectUrl(new URL("https://x.de/%E0%A4%A"))).toBe("malformed-path");
  expect(rejectUrl(new URL("https://x.de/a%00b"))).toBe("malformed-path");
  expect(rejectUrl(new URL("https://x.de/a%0Ab"))).toBe("malformed-path");
});

it("refuses over-long paths and query strings", () => {
  expect(rejectUrl(new URL(`https://x.de/${"a".repeat(MAX_PATH_LENGTH)}`))).toBe("uri-too-long");
  expect(rejectUrl(new URL(`https://x.de/?q=${"a".repeat(5_000)}`))).toBe("uri-too-long");
});
