import { spawn, spawnSync } from "node:child_process";
import { dirname, delimiter } from "node:path";
import { describe, expect, it } from "vitest";
import { OFFLINE_ENV } from "./offline.ts";

const PRINT_ENV = `console.log([${Object.keys(OFFLINE_ENV)
  .map((name) => `process.env.${name}`)
  .join(", ")}, process.env.NODE_ENV].join(" "))`;

/** The runner as npm starts it: Node 22 first on PATH, so "node" is found there (no shell). */
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}` };
const runOffline = (args: string[], extraEnv: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["scripts/offline.ts", ...args], { encoding: "utf8", env: { ...env, ...extraEnv } });

describe("scripts/offline.ts", () => {
  it("holds the three variables that keep wrangler off the network", () => {
    expect(OFFLINE_ENV).toEqual({
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    });
  });

  it("runs the command from PATH with them set, keeping the caller's other variables", () => {
    const result = runOffline(["node", "-e", PRINT_ENV], { NODE_ENV: "production", WRANGLER_SEND_METRICS: "true" });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("false true false production\n");
    expect(result.status).toBe(0);
  });

  it("passes the arguments as they are, without a shell", () => {
    const result = runOffline(["node", "-e", "console.log(JSON.stringify(process.argv.slice(1)))", "a b", "$HOME", "*"]);
    expect(JSON.parse(result.stdout)).toEqual(["a b", "$HOME", "*"]);
  });

  it("exits with the command's exit code", () => {
    expect(runOffline(["node", "-e", "process.exit(3)"]).status).toBe(3);
  });

  it("ends with the command's signal when the command was killed", () => {
    const result = runOffline(["node", "-e", "process.kill(process.pid, 'SIGTERM')"]);
    expect(result.status).toBeNull();
    expect(result.signal).toBe("SIGTERM");
  });

  it("fails with 127 when the command is not there", () => {
    const result = runOffline(["no-such-command-offline-test"]);
    expect(result.status).toBe(127);
    expect(result.stderr).toContain("cannot run no-such-command-offline-test");
  });

  it("passes SIGINT, SIGTERM and SIGHUP on to the command", async () => {
    // The command ends itself after 3 s (exit code 9), so a runner that passes nothing on leaves no process behind.
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      const runner = spawn(
        process.execPath,
        [
          "scripts/offline.ts",
          "node",
          "-e",
          `process.on("${signal}", () => { console.log("got ${signal}"); process.exit(7); }); setTimeout(() => process.exit(9), 3000); console.log("ready");`,
        ],
        { env, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stdout = "";
      const exited = new Promise<number | null>((resolve) => runner.on("close", (code) => resolve(code)));
      await new Promise<void>((resolve) =>
        runner.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
          if (stdout.includes("ready")) resolve();
        }),
      );
      runner.kill(signal);
      expect(await exited).toBe(7);
      expect(stdout).toBe(`ready\ngot ${signal}\n`);
    }
  });
});
