import { expect, test } from "vitest";
import { isAbsoluteUrl, isUnsafeNavigationTarget } from "./safe-navigation.ts";

// One row per rule, with every spelling that must (or must not) trip it.
const UNSAFE_TARGET_RULES = [
  {
    rule: "javascript:, data: and vbscript: targets are refused",
    targets: ["javascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)"],
    unsafe: true,
  },
  { rule: "unsafe schemes are refused whatever their case", targets: ["JaVaScRiPt:alert(1)", "DATA:text/html,x"], unsafe: true },
  {
    rule: "unsafe schemes are refused behind leading whitespace and embedded tabs, newlines and control characters",
    targets: [
      "  javascript:alert(1)",
      "\t\njavascript:alert(1)",
      "java\tscript:alert(1)",
      "java\r\nscript:alert(1)",
      "\u0000javascript:alert(1)",
      "jav\u0001ascript:alert(1)",
    ],
    unsafe: true,
  },
  {
    rule: "unsafe schemes are refused when spelled with HTML character references",
    targets: ["&#106;avascript:alert(1)", "&#x6A;avascript&#x3A;alert(1)", "java&Tab;script&colon;alert(1)", "&#9;javascript:alert(1)"],
    unsafe: true,
  },
  {
    rule: "site paths and http(s) URLs are safe",
    targets: ["/ankauf", "/carfinder?sorting=price-desc", "https://www.hyundai.de/", "/news/javascript:grundlagen"],
    unsafe: false,
  },
];

const ABSOLUTE_URL_RULES = [
  {
    rule: "absolute URLs are recognised with any scheme",
    targets: ["https://www.karo-plus.de/", "HTTP://example.de", "mailto:info@example.de"],
    absolute: true,
  },
  {
    rule: "protocol-relative targets count as absolute, including backslash and whitespace tricks",
    targets: ["//evil.example", "/\\evil.example", "\\\\evil.example", "/\t/evil.example", " //evil.example"],
    absolute: true,
  },
  { rule: "site paths are not absolute", targets: ["/Aktionsangebote", "/carfinder?bodystyle=tipper", "/"], absolute: false },
];

for (const { rule, targets, unsafe } of UNSAFE_TARGET_RULES) {
  test(rule, () => {
    for (const target of targets) expect(isUnsafeNavigationTarget(target), JSON.stringify(target)).toBe(unsafe);
  });
}

for (const { rule, targets, absolute } of ABSOLUTE_URL_RULES) {
  test(rule, () => {
    for (const target of targets) expect(isAbsoluteUrl(target), JSON.stringify(target)).toBe(absolute);
  });
}
