import { exports } from "cloudflare:workers";

export const ORIGIN = "http://dealership.test";
export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A request through the real worker entry (exports.default.fetch), as a browser by default. */
export function get(path: string, init: RequestInit & { userAgent?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("User-Agent", init.userAgent ?? BROWSER_UA);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }));
}
