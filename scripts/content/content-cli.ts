import type { Story } from "#content/story-schema.ts";
import { storyblokComponents } from "#content/storyblok-components.ts";
import { compareComponents, diffReport, listComponents, pushComponents } from "./component-sync.ts";
import {
  DEFAULT_MANAGEMENT_API,
  DEFAULT_RATE_PER_SECOND,
  managementApi,
  realClock,
  type Clock,
  type ManagementApi,
} from "./management-api.ts";
import { seedDemo } from "./seed-demo.ts";

/**
 * `npm run content -- schema|push|diff|seed-demo`: the Storyblok space as code
 * (docs/storyblok-space.md). Everything the commands need from outside comes in `ContentCliDeps`,
 * so the tests run them in-process against the Management API stand-in with a fake clock.
 *
 * Exit codes: 0 done (diff: space and code match) · 1 diff found differences, push or seed-demo
 * had rejected items, or seed-demo refused a space with stories · 2 usage or connection error.
 */

export interface ContentCliDeps {
  env: Readonly<Record<string, string | undefined>>;
  out: (text: string) => void;
  err: (text: string) => void;
  writeFile: (path: string, text: string) => void;
  demoStories: () => readonly Story[];
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  clock?: Clock;
}

const TOKEN_ENV = "STORYBLOK_MANAGEMENT_TOKEN";
const API_ENV = "STORYBLOK_MANAGEMENT_API";

const CONNECTION_HELP = `  --space <id>   the space's numeric id (Storyblok: Settings → Space)
  --api <url>    Management API base (default ${DEFAULT_MANAGEMENT_API}, EU; env ${API_ENV});
                 US https://api-us.storyblok.com/v1, Canada https://api-ca.storyblok.com/v1,
                 Australia https://api-ap.storyblok.com/v1, China https://app.storyblokchina.cn/v1
  --rate <n>     requests per second (default ${DEFAULT_RATE_PER_SECOND}, the Starter plan's limit; 6 on Growth and above)
Needs ${TOKEN_ENV}: a personal access token (Storyblok: My account → Personal access tokens).`;

const HELP: Record<string, string> = {
  main: `npm run content -- <command> [options]

The site's Storyblok components, generated from content/block-schemas.ts (docs/storyblok-space.md).
  schema      write the component definitions (Management API format) as JSON
  push        create or update the components in a space
  diff        show what differs between a space and the code
  seed-demo   put the demo stories, folders and pictures into an empty space
Run \`npm run content -- <command> --help\` for a command's options.`,
  schema: `npm run content -- schema [--out <file>]

Writes { "components": [...] } in the Management API's component format, generated from the
schemas the site validates content with. Without --out it goes to stdout. Needs no token.`,
  push: `npm run content -- push --space <id> [--dry-run] [--prune --yes]

Creates the components the space lacks (POST), updates the changed ones (PUT) and leaves identical
ones alone; a second push changes nothing. Fields and settings editors added are kept.
  --dry-run      only read the space and say what would change
  --prune --yes  also delete components the site cannot render and fields it does not read
${CONNECTION_HELP}
Exit 1 when Storyblok rejected a component (422; its message is printed).`,
  diff: `npm run content -- diff --space <id>

Lists the components and fields the space lacks, fields whose type, options or settings differ,
and components or fields only the space has (the site cannot render or ignores them).
${CONNECTION_HELP}
Exit 0 when space and code match, 1 when they differ.`,
  "seed-demo": `npm run content -- seed-demo --space <id> [--yes]

Creates the demo space's folders and stories (published) in an empty space, so a new dealership
starts from a working site. Pictures stay the site's own /images/… paths. A space with stories is
refused (Storyblok's sample "Home" story counts as empty and is replaced) unless --yes; with --yes
only the missing folders and stories are created.
${CONNECTION_HELP}
Exit 1 when the space was refused or Storyblok rejected a story.`,
};

interface ParsedArgs {
  command: string | undefined;
  help: boolean;
  flags: Set<string>;
  values: Map<string, string>;
}

const VALUE_OPTIONS = new Set(["--space", "--api", "--rate", "--out"]);
const FLAGS: Record<string, readonly string[]> = {
  schema: [],
  push: ["--dry-run", "--prune", "--yes"],
  diff: [],
  "seed-demo": ["--yes"],
};
const VALUES: Record<string, readonly string[]> = {
  schema: ["--out"],
  push: ["--space", "--api", "--rate"],
  diff: ["--space", "--api", "--rate"],
  "seed-demo": ["--space", "--api", "--rate"],
};

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const [command, ...rest] = argv;
  const parsed: ParsedArgs = { command, help: false, flags: new Set(), values: new Map() };
  if (command === undefined || command === "--help" || command === "-h") return { ...parsed, command: undefined, help: true };
  if (!(command in FLAGS)) throw new UsageError(`unknown command "${command}" (schema, push, diff, seed-demo; see --help)`);
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] ?? "";
    if (arg === "--help" || arg === "-h") parsed.help = true;
    else if (VALUE_OPTIONS.has(arg.split("=")[0] ?? "")) {
      const [name = "", inline] = arg.split(/=(.*)/s);
      if (!VALUES[command]?.includes(name)) throw new UsageError(`${command} takes no ${name} (see --help)`);
      const value = inline ?? rest[(index += 1)];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value`);
      parsed.values.set(name, value);
    } else if (FLAGS[command]?.includes(arg)) parsed.flags.add(arg);
    else throw new UsageError(`unknown argument "${arg}" (see --help)`);
  }
  return parsed;
}

function connect(args: ParsedArgs, deps: ContentCliDeps, log: (line: string) => void): ManagementApi {
  const spaceText = args.values.get("--space");
  if (spaceText === undefined) throw new UsageError("--space <id> is required (see --help)");
  if (!/^\d{1,20}$/.test(spaceText)) throw new UsageError(`--space must be the space's numeric id, not "${spaceText}"`);
  const token = deps.env[TOKEN_ENV]?.trim();
  if (!token)
    throw new UsageError(
      `${TOKEN_ENV} fehlt: ein Personal Access Token aus Storyblok (My account → Personal access tokens) setzen.\n` +
        `${TOKEN_ENV} is not set: export a personal access token from Storyblok (My account → Personal access tokens).`,
    );
  const rateText = args.values.get("--rate");
  const rate = rateText === undefined ? DEFAULT_RATE_PER_SECOND : Number(rateText);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 100)
    throw new UsageError(`--rate must be a number of requests per second, not "${rateText}"`);
  const baseUrl = args.values.get("--api") ?? deps.env[API_ENV] ?? DEFAULT_MANAGEMENT_API;
  if (!URL.canParse(baseUrl)) throw new UsageError(`--api must be a URL, not "${baseUrl}"`);
  return managementApi({
    baseUrl,
    token,
    spaceId: Number(spaceText),
    ratePerSecond: rate,
    ...(deps.fetch && { fetch: deps.fetch }),
    clock: deps.clock ?? realClock,
    onRetry: ({ waitMs, attempt }) =>
      log(
        `Storyblok drosselt (429), warte ${Math.round(waitMs / 100) / 10} s (Versuch ${attempt}) / rate-limited, waiting (retry ${attempt})`,
      ),
  });
}

export async function runContentCli(argv: readonly string[], deps: ContentCliDeps): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.help) {
      deps.out(HELP[args.command ?? "main"] ?? HELP.main ?? "");
      return 0;
    }
    const log = (line: string) => deps.out(line);
    switch (args.command) {
      case "schema": {
        const text = `${JSON.stringify({ components: storyblokComponents() }, null, 2)}\n`;
        const out = args.values.get("--out");
        if (out === undefined) deps.out(text.trimEnd());
        else {
          deps.writeFile(out, text);
          deps.err(`${storyblokComponents().length} Komponenten nach ${out} geschrieben / components written to ${out}`);
        }
        return 0;
      }
      case "push": {
        if (args.flags.has("--prune") && !args.flags.has("--yes"))
          throw new UsageError(
            "--prune löscht Komponenten und Felder im Space: nur mit --yes. / --prune deletes components and fields in the space: add --yes.",
          );
        const api = connect(args, deps, log);
        const dryRun = args.flags.has("--dry-run");
        const result = await pushComponents(api, storyblokComponents(), { dryRun, prune: args.flags.has("--prune") }, log);
        if (result.onlyInSpace.length > 0 && !args.flags.has("--prune"))
          log(
            `nur im Space, unverändert gelassen / only in the space, left alone: ${result.onlyInSpace.join(", ")} (--prune --yes löscht sie / deletes them)`,
          );
        log(
          `${dryRun ? "Probelauf / dry run — " : ""}${result.created.length} angelegt / created, ${result.updated.length} geändert / updated, ` +
            `${result.unchanged.length} unverändert / unchanged, ${result.deleted.length} gelöscht / deleted, ${result.rejected.length} abgelehnt / rejected.`,
        );
        return result.rejected.length > 0 ? 1 : 0;
      }
      case "diff": {
        const api = connect(args, deps, log);
        const { text, differences } = diffReport(api.spaceId, compareComponents(storyblokComponents(), await listComponents(api)));
        deps.out(text);
        return differences > 0 ? 1 : 0;
      }
      case "seed-demo": {
        const api = connect(args, deps, log);
        const result = await seedDemo(api, deps.demoStories(), storyblokComponents(), { yes: args.flags.has("--yes") }, log);
        if (result.refused) {
          deps.err(
            `Space ${api.spaceId} hat schon ${result.existingStories} Stories und Ordner; seed-demo füllt nur leere Spaces (mit --yes nur fehlende anlegen).\n` +
              `Space ${api.spaceId} already has ${result.existingStories} stories and folders; seed-demo fills empty spaces (--yes creates only the missing ones).`,
          );
          return 1;
        }
        log(
          `${result.folders.length} Ordner / folders, ${result.stories.length} Stories angelegt und veröffentlicht / stories created and published, ` +
            `${result.skipped.length} vorhanden / already there, ${result.rejected.length} abgelehnt / rejected.`,
        );
        return result.rejected.length > 0 ? 1 : 0;
      }
      default:
        throw new UsageError(`unknown command "${args.command}"`);
    }
  } catch (error) {
    deps.err(error instanceof Error ? error.message : String(error));
    return 2;
  }
}
