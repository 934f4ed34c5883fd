import { DeployEnvironmentSchema, type DeployEnvironment } from "./environments.ts";

/** The arguments every ops script takes: `--env <name>`, its own boolean flags, `--help`. */
export type OpsArgs<Flag extends string> = { help: true } | { help: false; env: DeployEnvironment; flags: ReadonlySet<Flag> };

/** Reads `argv` (after the script name); throws an Error whose message is for the operator. */
export function parseOpsArgs<Flag extends string>(argv: readonly string[], flags: readonly Flag[]): OpsArgs<Flag> {
  if (argv.includes("--help") || argv.includes("-h")) return { help: true };
  const known = new Set<string>(flags);
  const seen = new Set<Flag>();
  let env: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    if (arg === "--env" || arg === "-e") {
      env = argv[index + 1];
      index += 1;
    } else if (arg.startsWith("--env=")) env = arg.slice("--env=".length);
    else if (known.has(arg)) seen.add(arg as Flag);
    else throw new Error(`unknown argument "${arg}" (see --help)`);
  }
  const parsed = DeployEnvironmentSchema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "--env is required");
  return { help: false, env: parsed.data, flags: seen };
}

/** Runs an ops script's main: its exit code, or `failureCode` with the error's message (no stack) when it throws. */
export function runOpsScript(main: () => Promise<number>, failureCode = 1): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(failureCode);
    },
  );
}
