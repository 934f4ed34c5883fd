// The floor bench/startup.ts compares the worker with: the libraries every page request needs
// (Hono, zod, React's server renderers, React Router), loaded and touched as the worker loads them,
// with none of the site's own code. What the worker costs above this is what the site controls.
import { Hono } from "hono";
import * as z from "zod";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { createStaticHandler } from "react-router";

const app = new Hono();
app.get("*", (c) => c.text("ok"));
const schema = z.object({ ok: z.boolean() });
export default {
  fetch: app.fetch,
  touched: [schema, renderToReadableStream, renderToString, createStaticHandler],
};
