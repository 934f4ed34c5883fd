import * as z from "zod";
import rawBuildInfo from "../dist/build-info.json";
import { onFirstUse } from "./on-first-use.ts";

/** Written by the Vite build (vite.config.ts): hashed entry, CSS and per-route chunks. */
export const BuildInfoSchema = z.object({
  buildId: z.string().min(1),
  entry: z.string().startsWith("/"),
  stylesheets: z.array(z.string().startsWith("/")),
  modules: z.record(z.string(), z.array(z.string().startsWith("/"))),
  /**
   * The editorial pages' islands entry, its static imports, and each island's further chunks by
   * island name (vite.editorial.config.ts, ADR 0017).
   */
  editorial: z.object({
    entry: z.string().startsWith("/"),
    preloads: z.array(z.string().startsWith("/")),
    islands: z.record(z.string(), z.array(z.string().startsWith("/"))),
  }),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

/**
 * Checked on first use, not at startup: the first zod parse of an isolate warms zod's parse paths
 * (≈4 ms of startup here, docs/limits.md), and a request that renders no page never needs it.
 */
export const buildInfo = onFirstUse((): BuildInfo => BuildInfoSchema.parse(rawBuildInfo));
