/**
 * Guards for redirect and navigation targets (spec section 5: "External
 * redirects only when flagged external; navigation to unsafe protocols is
 * refused").
 *
 * Both checks read a target the way a browser would before deciding on its
 * scheme, so obfuscated forms cannot slip through:
 *
 * @example
 * isUnsafeNavigationTarget(" \tJaVa\nScRiPt:alert(1)"); // true
 * isUnsafeNavigationTarget("&#106;avascript:alert(1)"); // true
 * isAbsoluteUrl("/\\evil.example");                       // true (browsers read it as //evil.example)
 * isAbsoluteUrl("/carfinder?sorting=price-desc");         // false
 */

const UNSAFE_SCHEMES: ReadonlySet<string> = new Set(["javascript", "data", "vbscript"]);

// WHATWG URL parsing drops leading/trailing C0 controls and spaces and removes
// tabs and newlines anywhere. We go further and drop every C0 control, space
// and DEL anywhere: stricter than any browser, so nothing a browser would
// still read as a scheme survives.
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g;

const SCHEME = /^([a-z][a-z\d+\-.]*):/i;

// A leading pair of slashes in any mix of / and \ is protocol-relative for
// http(s) URLs ("\" counts as "/" in special schemes).
const PROTOCOL_RELATIVE = /^[\\/]{2}/;

// The target may end up in an HTML attribute (links, meta refresh), where
// character references are decoded before the URL is parsed.
const NUMERIC_CHARACTER_REFERENCE = /&#(?:x([\da-f]+)|(\d+));?/gi;
const NAMED_CHARACTER_REFERENCES: Readonly<Record<string, string>> = {
  "&Tab;": "\t",
  "&NewLine;": "\n",
  "&colon;": ":",
  "&sol;": "/",
  "&bsol;": "\\",
};
const NAMED_CHARACTER_REFERENCE = /&(?:Tab|NewLine|colon|sol|bsol);/g;

function decodeCharacterReferences(value: string): string {
  return value
    .replace(NUMERIC_CHARACTER_REFERENCE, (reference, hex: string | undefined, decimal: string | undefined) => {
      const codePoint = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
      return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference;
    })
    .replace(NAMED_CHARACTER_REFERENCE, (reference) => NAMED_CHARACTER_REFERENCES[reference] ?? reference);
}

/** The forms of a target a browser might act on: as written and with character references decoded. */
function browserReadings(url: string): string[] {
  return [url, decodeCharacterReferences(url)].map((reading) => reading.replace(IGNORED_BY_BROWSERS, ""));
}

/** True when a browser would treat the target as a javascript:, data: or vbscript: URL. */
export function isUnsafeNavigationTarget(url: string): boolean {
  return browserReadings(url).some((reading) => {
    const scheme = SCHEME.exec(reading)?.[1];
    return scheme !== undefined && UNSAFE_SCHEMES.has(scheme.toLowerCase());
  });
}

/** True when the target names its own scheme or host (including protocol-relative `//host`). */
export function isAbsoluteUrl(url: string): boolean {
  return browserReadings(url).some((reading) => SCHEME.test(reading) || PROTOCOL_RELATIVE.test(reading));
}
