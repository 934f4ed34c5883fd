import { describe, expect, it } from "vitest";
import { locationContact, MAIN_CENTER_CONTACT, nearestContact } from "./contact-fallback.ts";
import { telHref } from "./phone.ts";

const HUSUM = { slug: "center-husum", name: "Center Husum", phone: "04841 6677-0", email: "husum@autohaus-gruppe-nord.de", brands: [] };

describe("nearest contact for the chat fallback", () => {
  it("a vehicle page names its selling location", () => {
    expect(nearestContact([{ buildId: "x" }, {}, { vehicle: { id: 1 }, location: HUSUM }])).toEqual({
      name: "Center Husum",
      phone: "04841 6677-0",
      email: "husum@autohaus-gruppe-nord.de",
    });
  });

  it("without a location on the page: the group's main center", () => {
    expect(nearestContact([{ buildId: "x" }, { page: { title: "Werkstatt" } }])).toBe(MAIN_CENTER_CONTACT);
    expect(nearestContact([])).toBe(MAIN_CENTER_CONTACT);
    // A vehicle whose location no longer exists (loader data location: null).
    expect(nearestContact([{ vehicle: { id: 1 }, location: null }])).toBe(MAIN_CENTER_CONTACT);
  });

  it("ignores malformed locations and keeps a valid phone without a valid e-mail", () => {
    expect(locationContact({ location: { name: "X", phone: "javascript:alert(1)" } })).toBeNull();
    expect(locationContact({ location: { name: "", phone: "040 1" } })).toBeNull();
    expect(locationContact({ location: { name: "Center Heide", phone: "0481 5566-0", email: "not an address" } })).toEqual({
      name: "Center Heide",
      phone: "0481 5566-0",
      email: null,
    });
    expect(locationContact("location")).toBeNull();
  });

  it("tel: targets keep only + and digits", () => {
    expect(telHref("040 123456-0")).toBe("tel:0401234560");
    expect(telHref("+49 (40) 123456-0")).toBe("tel:+49401234560");
  });
});
