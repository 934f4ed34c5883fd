import { expect, it } from "vitest";
import { bridgeReaction } from "./storyblok-bridge.ts";

it("input for the open story replaces it in place; input for another story is ignored", () => {
  expect(bridgeReaction({ action: "input", story: { id: 7, content: {} } }, 7)).toBe("replace");
  expect(bridgeReaction({ action: "input", story: { id: 8, content: {} } }, 7)).toBe("ignore");
});

it("change and published reload the page", () => {
  expect(bridgeReaction({ action: "change", storyId: 7 }, 7)).toBe("reload");
  expect(bridgeReaction({ action: "published", storyId: 7 }, 7)).toBe("reload");
});

it("unknown or empty events do nothing", () => {
  expect(bridgeReaction(undefined, 7)).toBe("ignore");
  expect(bridgeReaction({ action: "enterEditmode" }, 7)).toBe("ignore");
});
