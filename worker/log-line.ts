/** A value a log line may carry. */
type LogValue = string | number | boolean | null | undefined;

// JSON.stringify escapes C0 controls; these three still break a line in some log viewers.
const LINE_SEPARATORS = /[\u0085\u2028\u2029]/g;

/**
 * One log line for an event whose fields carry what a request sent (a CSP report, a header): JSON,
 * so a field can never start a line of its own or pass for another entry ("x\n[wrangler:info] GET
 * /admin 200 OK" stays inside its string), with every control character and line separator escaped.
 *
 * @example
 * logLine("csp-violation", { directive: "x\nGET /admin" }) // '{"event":"csp-violation","directive":"x\\nGET /admin"}'
 */
export function logLine(event: string, fields: Record<string, LogValue>): string {
  return JSON.stringify({ event, ...fields }).replace(LINE_SEPARATORS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
