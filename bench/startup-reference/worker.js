// The floor bench/startup.ts compares the worker with: the libraries every isolate loads at startup
// (Hono, zod, React, React Router), touched as the worker touches them, with none of the site's own
// code. React's server renderers are not among them: the worker loads those with the first page it
// renders. What the worker costs above this is what the site controls.
import { Hono } from "hono";
import * as z from "zod";
import { createElement } from "react";
import { createStaticHandler } from "react-router";

const app = new Hono();
app.get("*", (c) => c.text("ok"));
const schema = z.object({ ok: z.boolean() });
export default {
  fetch: app.fetch,
  touched: [schema, createElement, createStaticHandler],
};
