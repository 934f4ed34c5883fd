/**
 * `node scripts/offline.ts <command> [args…]`: runs the command with wrangler kept off the network
 * (OFFLINE_ENV), so the npm scripts name these variables once instead of each repeating them.
 * No shell: the command is looked up on PATH (npm puts node_modules/.bin first) and its arguments
 * pass as they are. Ctrl-C and a stop reach the command; its exit code (or signal) is this
 * process's own, so `npm run …` and the callers of npm see what the command did.
 * Run by Node 22 (from node_modules), which strips the types.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { OFFLINE_ENV } from "../kv-seed/offline-env.ts";

export { OFFLINE_ENV };

/** The signals a terminal or a test runner stops the command with: passed on, not taken for ours. */
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function runOffline(argv: readonly string[]): void {
  const [command, ...args] = argv;
  if (!command) {
    console.error("usage: node scripts/offline.ts <command> [args…]");
    process.exit(2);
  }
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...OFFLINE_ENV } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  child.on("error", (error) => {
    console.error(`scripts/offline.ts: cannot run ${command}: ${error.message}`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => {
    for (const name of FORWARDED) process.off(name, forward);
    if (code !== null) process.exit(code);
    // Ended by a signal: end the same way, so a parent sees the signal rather than an exit code
    // (the shell's 128 + number should the signal's default be to go on).
    process.exitCode = 128 + (signal ? constants.signals[signal] : 0);
    if (signal) process.kill(process.pid, signal);
  });
}

if (import.meta.main) runOffline(process.argv.slice(2));
