import { expect, test } from "vitest";
import { isAbsoluteUrl, isUnsafeNavigationTarget } from "./safe-navigation.ts";

test("javascript:, data: and vbscript: targets are refused", () => {
  expect(isUnsafeNavigationTarget("javascript:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("data:text/html;base64,PHNjcmlwdD4=")).toBe(true);
  expect(isUnsafeNavigationTarget("vbscript:msgbox(1)")).toBe(true);
});

test("unsafe schemes are refused whatever their case", () => {
  expect(isUnsafeNavigationTarget("JaVaScRiPt:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("DATA:text/html,x")).toBe(true);
});

test("unsafe schemes are refused behind leading whitespace and embedded tabs, newlines and control characters", () => {
  expect(isUnsafeNavigationTarget("  javascript:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("\t\njavascript:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("java\tscript:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("java\r\nscript:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("\u0000javascript:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("jav\u0001ascript:alert(1)")).toBe(true);
});

test("unsafe schemes are refused when spelled with HTML character references", () => {
  expect(isUnsafeNavigationTarget("&#106;avascript:alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("&#x6A;avascript&#x3A;alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("java&Tab;script&colon;alert(1)")).toBe(true);
  expect(isUnsafeNavigationTarget("&#9;javascript:alert(1)")).toBe(true);
});

test("site paths and http(s) URLs are safe", () => {
  expect(isUnsafeNavigationTarget("/ankauf")).toBe(false);
  expect(isUnsafeNavigationTarget("/carfinder?sorting=price-desc")).toBe(false);
  expect(isUnsafeNavigationTarget("https://www.hyundai.de/")).toBe(false);
  expect(isUnsafeNavigationTarget("/news/javascript:grundlagen")).toBe(false);
});

test("absolute URLs are recognised with any scheme", () => {
  expect(isAbsoluteUrl("https://www.karo-plus.de/")).toBe(true);
  expect(isAbsoluteUrl("HTTP://example.de")).toBe(true);
  expect(isAbsoluteUrl("mailto:info@example.de")).toBe(true);
});

test("protocol-relative targets count as absolute, including backslash and whitespace tricks", () => {
  expect(isAbsoluteUrl("//evil.example")).toBe(true);
  expect(isAbsoluteUrl("/\\evil.example")).toBe(true);
  expect(isAbsoluteUrl("\\\\evil.example")).toBe(true);
  expect(isAbsoluteUrl("/\t/evil.example")).toBe(true);
  expect(isAbsoluteUrl(" //evil.example")).toBe(true);
});

test("site paths are not absolute", () => {
  expect(isAbsoluteUrl("/Aktionsangebote")).toBe(false);
  expect(isAbsoluteUrl("/carfinder?bodystyle=tipper")).toBe(false);
  expect(isAbsoluteUrl("/")).toBe(false);
});
