import { describe, expect, it } from "vitest";
import { decidedConsent, UNDECIDED } from "#domain/consent.ts";
import { tagManagerScriptSrc } from "./tag-manager.ts";

const GTM = { scriptUrl: "https://www.googletagmanager.com/gtm.js" };
const STATISTICS = decidedConsent(["statistics"]);

describe("tag manager script", () => {
  it("loads the container the tagManagerId names, only with statistics consent", () => {
    expect(tagManagerScriptSrc(GTM, "GTM-ABC123", STATISTICS)).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-ABC123");
    expect(tagManagerScriptSrc({ scriptUrl: "/demo/tag-manager.js" }, "GTM-ABC123", STATISTICS)).toBe("/demo/tag-manager.js?id=GTM-ABC123");
  });

  it("nothing without a container id, a script or the consent", () => {
    expect(tagManagerScriptSrc(GTM, null, STATISTICS)).toBeNull();
    expect(tagManagerScriptSrc(null, "GTM-ABC123", STATISTICS)).toBeNull();
    expect(tagManagerScriptSrc(GTM, "GTM-ABC123", UNDECIDED)).toBeNull();
    expect(tagManagerScriptSrc(GTM, "GTM-ABC123", decidedConsent(["maps", "video"]))).toBeNull();
  });

  it("the container id is a query value, never part of the path or another parameter", () => {
    expect(tagManagerScriptSrc(GTM, "a&b=c", STATISTICS)).toBe("https://www.googletagmanager.com/gtm.js?id=a%26b%3Dc");
  });
});
