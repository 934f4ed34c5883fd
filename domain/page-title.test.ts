import { expect, it } from "vitest";
import { errorTitle, titleFromPath } from "./page-title.ts";

it.each([
  ["/werkstatt/online-werkstatttermin", "Online Werkstatttermin"], // the last path segment in title case
  ["/uber-uns/das-sind-wir", "Das Sind Wir"],
  ["/", "Startseite"], // the root path is the home page
  ["/%C3%BCber-uns", "Über Uns"], // percent-encoded umlauts are decoded
  ["/%E0%A4%A", "%E0%A4%A"], // invalid encoding does not throw
])("the fallback title of %s is %s", (path, title) => {
  expect(titleFromPath(path)).toBe(title);
});

it("error titles are the status code and message", () => {
  expect(errorTitle(404, "Page not found: /x")).toBe("404 – Page not found: /x");
});
