/**
 * `npm run stock -- <command>`: stock imports from a shell (scripts/ops/stock-cli.ts,
 * docs/stock-import.md), on the local state `wrangler dev` uses (kv-seed/local-state.ts) or, with
 * `--remote --env …`, on a deployment's (scripts/ops/remote-state.ts).
 *
 * Run through npm (Node 22 from node_modules strips the types).
 */
import { readdirSync, readFileSync } from "node:fs";
import { runStockCli } from "./ops/stock-cli.ts";
import { openLocalState } from "#kv-seed/local-state.ts";
import { openRemoteState } from "./ops/remote-state.ts";

process.exitCode = await runStockCli(process.argv.slice(2), {
  openStore: ({ persistTo, remote }) => (remote ? openRemoteState(remote) : openLocalState(persistTo)),
  readFile: async (path) => readFileSync(path, "utf8"),
  listFiles: async (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  readBytes: async (path) => new Uint8Array(readFileSync(path)),
  env: process.env,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
