/**
 * The one way a Location or a "back" link is built from something a request brought along (its
 * path, a form's `back` field): resolved the way a browser would against our own origin, judged
 * after that, and written as a path that cannot be read as another host.
 *
 * @example
 * sameOriginPath("/werkstatt?x=1#f")        // "/werkstatt?x=1#f"
 * sameOriginPath("/.//evil.example")        // "/evil.example"   (the resolved path was "//evil.example")
 * sameOriginPath("//evil.example/x")        // null              (another host)
 * sameOriginPath("/\\evil.example")         // null              ("\" is "/" in http URLs)
 * sameOriginPath("https://evil.example/")   // null
 */

// .invalid is reserved (RFC 2606): only whether the input stays on "the site" matters here.
const STAND_IN_ORIGIN = "https://site.invalid";
// Browsers drop these before parsing or refuse them; a path of ours never holds them raw.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Where the browser is redirected back to on a request's own URL: its path and query, never readable as a host. */
export function requestPath(url: URL): string {
  return `${collapseSlashes(url.pathname)}${url.search}`;
}

// A run of slashes at the start would name a host ("//evil.example"); inside a path it means nothing.
const collapseSlashes = (pathname: string) => pathname.replace(/\/{2,}/g, "/");

export function sameOriginPath(input: string): string | null {
  if (!input.startsWith("/") || CONTROL_CHARACTERS.test(input)) return null;
  let url: URL;
  try {
    url = new URL(input, STAND_IN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== STAND_IN_ORIGIN) return null;
  return `${collapseSlashes(url.pathname)}${url.search}${url.hash}`;
}
