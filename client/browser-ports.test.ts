import { expect, it } from "vitest";
import { previewQueryOf } from "./browser-ports.ts";

it("keeps only the visual editor's token from the page URL", () => {
  const search =
    "?_storyblok=123&_storyblok_tk[space_id]=42&_storyblok_tk[timestamp]=1700000000&_storyblok_tk[token]=abc&_storyblok_lang=default&q=x";
  expect(new URLSearchParams(previewQueryOf(search)).toString()).toBe(
    new URLSearchParams({
      "_storyblok_tk[space_id]": "42",
      "_storyblok_tk[timestamp]": "1700000000",
      "_storyblok_tk[token]": "abc",
    }).toString(),
  );
});

it("visitors have no preview query", () => {
  expect(previewQueryOf("?brand=smart")).toBe("");
  expect(previewQueryOf("")).toBe("");
});
