// Bench-only front worker (see bench/README.md): the stand-in for Workers static assets
// that TOOLCHAIN.md's reference figures were measured with. A request whose last
// path segment has a file extension is first looked up in the `STATIC` disk service
// (dist/client); anything else, and any miss, goes to the app worker (`APP`). Like
// Cloudflare's edge, compressible responses are gzipped when the client accepts gzip:
// setting `Content-Encoding: gzip` makes workerd compress the body on the way out.

const TYPES = {
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  map: "application/json",
  html: "text/html; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  woff2: "font/woff2",
  webmanifest: "application/manifest+json",
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/(svg\+xml|x-icon))/;

function maybeGzip(request, response) {
  if (!response.body || response.headers.has("Content-Encoding")) return response;
  if (!/\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) return response;
  if (!COMPRESSIBLE.test(response.headers.get("Content-Type") ?? "")) return response;
  const compressed = new Response(response.body, response);
  compressed.headers.set("Content-Encoding", "gzip");
  return compressed;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
    if (extension && (request.method === "GET" || request.method === "HEAD")) {
      const file = await env.STATIC.fetch(new URL(url.pathname, "http://static/"), { method: request.method });
      if (file.ok) {
        const headers = new Headers({
          "Content-Type": TYPES[extension] ?? "application/octet-stream",
          "Cache-Control": url.pathname.startsWith("/assets/")
            ? "public, max-age=31536000, immutable"
            : "public, max-age=0, must-revalidate",
        });
        const length = file.headers.get("Content-Length");
        if (length) headers.set("Content-Length", length);
        return maybeGzip(request, new Response(file.body, { status: 200, headers }));
      }
      await file.body?.cancel();
    }
    return maybeGzip(request, await env.APP.fetch(request));
  },
};
