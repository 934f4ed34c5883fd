import { expect, it } from "vitest";
import { errorTitle, titleFromPath } from "./page-title.ts";

it("title falls back to the last path segment in title case", () => {
  expect(titleFromPath("/werkstatt/online-werkstatttermin")).toBe("Online Werkstatttermin");
  expect(titleFromPath("/uber-uns/das-sind-wir")).toBe("Das Sind Wir");
});

it("root path is the home page", () => {
  expect(titleFromPath("/")).toBe("Startseite");
});

it("percent-encoded umlauts are decoded and invalid encoding does not throw", () => {
  expect(titleFromPath("/%C3%BCber-uns")).toBe("Über Uns");
  expect(titleFromPath("/%E0%A4%A")).toBe("%E0%A4%A");
});

it("error titles are the status code and message", () => {
  expect(errorTitle(404, "Page not found: /x")).toBe("404 – Page not found: /x");
});
