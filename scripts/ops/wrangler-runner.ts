import { spawn } from "node:child_process";
import { OFFLINE_ENV } from "../offline.ts";

/** What one wrangler command answered. */
export interface WranglerAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one wrangler command (an argv, never a shell line). The ops scripts take a runner, so their
 * tests replay recorded answers (scripts/ops/fake-wrangler.ts) and nothing reaches Cloudflare.
 */
export type WranglerRunner = (argv: readonly string[]) => Promise<WranglerAnswer>;

/** The project's wrangler (node_modules), its output collected; stderr is also shown as it comes. */
export function realWrangler(cwd: string = process.cwd()): WranglerRunner {
  return (argv) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["node_modules/wrangler/bin/wrangler.js", ...argv], {
        cwd,
        // React's production build, whatever the calling shell (or a test runner) set NODE_ENV to:
        // wrangler bundles with the NODE_ENV it finds, and a development build is ~60 KB gzip larger and slower.
        // OFFLINE_ENV keeps wrangler off the network for anything but the API call it was asked to make.
        env: { ...process.env, ...OFFLINE_ENV, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
        process.stderr.write(chunk);
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
}

/** wrangler prints the JSON it was asked for, sometimes after lines of its own. */
export function jsonOf(stdout: string): unknown {
  const start = stdout.search(/^\s*[[{]/m);
  if (start === -1) return null;
  try {
    return JSON.parse(stdout.slice(start));
  } catch {
    return null;
  }
}

/** A failed command as an error an operator can act on: the command and wrangler's own last lines. */
export class WranglerError extends Error {
  constructor(argv: readonly string[], answer: WranglerAnswer) {
    const said = `${answer.stderr}\n${answer.stdout}`.trim().split("\n").slice(-6).join("\n");
    super(`wrangler ${argv.join(" ")} failed (exit ${answer.code}):\n${said}`);
  }
}

/** Runs `argv` and returns its stdout, or throws WranglerError. */
export async function mustRun(run: WranglerRunner, argv: readonly string[]): Promise<string> {
  const answer = await run(argv);
  if (answer.code !== 0) throw new WranglerError(argv, answer);
  return answer.stdout;
}

/** The names `wrangler secret list --format json` answered with, or null when it could not list them (not logged in). */
export function listedSecretNames(answer: WranglerAnswer): Set<string> | null {
  const listed = answer.code === 0 ? jsonOf(answer.stdout) : null;
  if (!Array.isArray(listed)) return null;
  return new Set(
    listed.flatMap((entry: unknown) => (typeof entry === "object" && entry !== null && "name" in entry ? [String(entry.name)] : [])),
  );
}
