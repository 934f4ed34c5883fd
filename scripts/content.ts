/**
 * `npm run content -- schema|push|diff|seed-demo`: the site's Storyblok components generated from
 * content/block-schemas.ts, pushed to and compared with a space through the Management API, and
 * the demo content seeded into an empty space (scripts/content/content-cli.ts; docs/storyblok-space.md).
 * Needs STORYBLOK_MANAGEMENT_TOKEN for everything but `schema`.
 */
import { writeFileSync } from "node:fs";
import { demoSpace } from "#kv-seed/demo-space/demo-space.ts";
import { runContentCli } from "./content/content-cli.ts";
import { runOpsScript } from "./ops/cli-args.ts";

runOpsScript(
  () =>
    runContentCli(process.argv.slice(2), {
      env: process.env,
      out: (text) => console.log(text),
      err: (text) => console.error(text),
      writeFile: (path, text) => writeFileSync(path, text),
      demoStories: () => demoSpace().stories,
    }),
  2,
);
