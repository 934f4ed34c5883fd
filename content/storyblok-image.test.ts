import { describe, expect, it } from "vitest";
import {
  isSafeImageSource,
  isStoryblokAsset,
  knownImageDimensions,
  responsiveSrcSet,
  storyblokImage,
  storyblokImageDimensions,
} from "./storyblok-image.ts";
import { EMPLOYEE_PHOTO_SIZE, employeePhotoSource } from "#domain/employees.ts";

const ASSET = "https://a.storyblok.com/f/287411/1600x900/ab12cd34ef/car.jpg";

describe("storyblokImage", () => {
  it("resizes with /m/{w}x{h}; 0 keeps the aspect ratio", () => {
    expect(storyblokImage(ASSET, { width: 800, height: 450 })).toBe(`${ASSET}/m/800x450`);
    expect(storyblokImage(ASSET, { width: 800 })).toBe(`${ASSET}/m/800x0`);
    expect(storyblokImage(ASSET, { height: 300 })).toBe(`${ASSET}/m/0x300`);
    expect(storyblokImage(ASSET)).toBe(`${ASSET}/m/`);
  });

  it("chains every filter in one filters: segment", () => {
    expect(
      storyblokImage(ASSET, { width: 800, height: 450, quality: 70, blur: 5, rotate: 90, format: "webp", focus: "800x450:801x451" }),
    ).toBe(`${ASSET}/m/800x450/filters:quality(70):blur(5):rotate(90):format(webp):focal(800x450:801x451)`);
    expect(storyblokImage(ASSET, { format: "png" })).toBe(`${ASSET}/m/filters:format(png)`);
    expect(storyblokImage(ASSET, { format: "jpeg", rotate: 270 })).toBe(`${ASSET}/m/filters:rotate(270):format(jpeg)`);
    expect(storyblokImage(ASSET, { rotate: 180 })).toBe(`${ASSET}/m/filters:rotate(180)`);
  });

  it("clamps quality and blur to 0–100 and sizes to the service's maximum", () => {
    expect(storyblokImage(ASSET, { quality: 150, blur: -3 })).toBe(`${ASSET}/m/filters:quality(100):blur(0)`);
    expect(storyblokImage(ASSET, { quality: 49.6 })).toBe(`${ASSET}/m/filters:quality(50)`);
    expect(storyblokImage(ASSET, { width: 99_999, height: -5 })).toBe(`${ASSET}/m/4000x0`);
    expect(storyblokImage(ASSET, { quality: Number.NaN })).toBe(`${ASSET}/m/`);
  });

  it("refuses rotations other than 90/180/270, unknown formats and malformed focus points", () => {
    expect(storyblokImage(ASSET, { rotate: 45, format: "gif" })).toBe(`${ASSET}/m/`);
    expect(storyblokImage(ASSET, { width: 10, height: 10, focus: "1x1:2x2):evil(" })).toBe(`${ASSET}/m/10x10`);
  });

  it("fit-in scales inside the box and ignores the focus point", () => {
    expect(storyblokImage(ASSET, { width: 400, height: 400, fitIn: true, focus: "1x1:2x2" })).toBe(`${ASSET}/m/fit-in/400x400`);
  });

  it("passes non-Storyblok files and SVGs through unchanged; protocol-relative assets become https", () => {
    expect(storyblokImage("/images/vehicles/suv-blue-2.svg", { width: 800, quality: 50 })).toBe("/images/vehicles/suv-blue-2.svg");
    expect(storyblokImage("https://example.com/f/1/10x10/a/x.jpg", { width: 5 })).toBe("https://example.com/f/1/10x10/a/x.jpg");
    expect(storyblokImage("https://a.storyblok.com/f/1/100x100/abc/logo.svg", { width: 50 })).toBe(
      "https://a.storyblok.com/f/1/100x100/abc/logo.svg",
    );
    expect(storyblokImage("//a.storyblok.com/f/1/100x100/abc/x.png", { width: 50 })).toBe(
      "https://a.storyblok.com/f/1/100x100/abc/x.png/m/50x0",
    );
  });
});

describe("responsiveSrcSet", () => {
  it("lists each width once, ascending, never wider than the original", () => {
    expect(responsiveSrcSet(ASSET, [2000, 640, 320, 640])).toBe(`${ASSET}/m/320x0 320w, ${ASSET}/m/640x0 640w`);
  });
  it("keeps an aspect ratio and filters", () => {
    expect(responsiveSrcSet(ASSET, [400], { aspectRatio: 2, format: "webp" })).toBe(`${ASSET}/m/400x200/filters:format(webp) 400w`);
  });
  it("falls back to the original width when every wish is too wide", () => {
    expect(responsiveSrcSet(ASSET, [3000])).toBe(`${ASSET}/m/1600x0 1600w`);
  });
  it("is undefined for files the image service cannot resize", () => {
    expect(responsiveSrcSet("/images/a.svg", [320])).toBeUndefined();
  });
});

describe("asset facts", () => {
  it("reads width and height from the asset path", () => {
    expect(storyblokImageDimensions(ASSET)).toEqual({ width: 1600, height: 900 });
    expect(storyblokImageDimensions("/images/a.svg")).toBeUndefined();
  });
  it("knows the size of Storyblok assets and of the site's own vehicle pictures, nothing else", () => {
    expect(knownImageDimensions(ASSET)).toEqual({ width: 1600, height: 900 });
    expect(knownImageDimensions("/images/vehicles/suv-blue-2.svg")).toEqual({ width: 800, height: 500 });
    expect(knownImageDimensions("/images/vehicles/../logo.svg")).toBeUndefined();
    expect(knownImageDimensions("/images/a.svg")).toBeUndefined();
  });
  it("knows Storyblok's asset hosts", () => {
    expect(isStoryblokAsset(ASSET)).toBe(true);
    expect(isStoryblokAsset("https://a-us.storyblok.com/f/1/x.pdf")).toBe(true);
    expect(isStoryblokAsset("https://app.storyblok.com/#/me")).toBe(false);
    expect(isStoryblokAsset("https://a.storyblok.com.evil.example/f/1/x.pdf")).toBe(false);
  });
  it("accepts https and site paths as image sources, nothing else", () => {
    expect(isSafeImageSource(ASSET)).toBe(true);
    expect(isSafeImageSource("/images/a.svg")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "http://example.com/a.jpg",
      "/\\evil.example/a.jpg",
      "",
    ])
      expect(isSafeImageSource(bad), bad).toBe(false);
  });
});

describe("the contact persons' photo addresses (domain/employees.ts: ui/ builds them without this module)", () => {
  it("are the image service's square crop this helper builds, and other addresses unchanged", () => {
    const size = EMPLOYEE_PHOTO_SIZE * 2;
    for (const photo of [ASSET, "https://a-us.storyblok.com/f/1/800x800/ab/anna.png", "https://www.example.de/team/anna.jpg"])
      expect(employeePhotoSource(photo), photo).toBe(storyblokImage(photo, { width: size, height: size, quality: 80 }));
  });
});
