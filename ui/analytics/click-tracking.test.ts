import { describe, expect, it } from "vitest";
import { clickTracking, trackedClick } from "./click-tracking.ts";

/** A stand-in for the element a click lands on: closest() finds the tracked ancestor. */
function elementWith(attributes: Record<string, string> | null): EventTarget {
  const tracked = attributes && { dataset: { track: attributes["data-track"], trackParams: attributes["data-track-params"] } };
  const target = Object.create(globalThis.Element?.prototype ?? Object.prototype) as Element;
  Object.assign(target, { closest: () => tracked });
  return target;
}

describe("click tracking from markup", () => {
  it("writes the event and its payload as data attributes", () => {
    expect(clickTracking("click_location_phone_number", { location_id: "center-husum" })).toEqual({
      "data-track": "click_location_phone_number",
      "data-track-params": '{"location_id":"center-husum"}',
    });
  });

  it("reads them back from the clicked element's tracked ancestor", () => {
    if (typeof Element === "undefined") (globalThis as { Element?: unknown }).Element = class {};
    expect(trackedClick(elementWith(clickTracking("download", { file_url: "/a.pdf" })))).toEqual({
      name: "download",
      payload: { file_url: "/a.pdf" },
    });
    expect(trackedClick(elementWith(null))).toBeNull();
    expect(trackedClick(null)).toBeNull();
  });

  it("ignores unknown event names and broken or non-object payloads", () => {
    if (typeof Element === "undefined") (globalThis as { Element?: unknown }).Element = class {};
    expect(trackedClick(elementWith({ "data-track": "__proto__", "data-track-params": "{}" }))).toBeNull();
    expect(trackedClick(elementWith({ "data-track": "download", "data-track-params": "{broken" }))).toBeNull();
    expect(trackedClick(elementWith({ "data-track": "download", "data-track-params": "[1]" }))).toBeNull();
  });
});
