import { z } from "zod";
import { JURISDICTION, type DeployEnvironment } from "./environments.ts";
import type { ResolvedConfig } from "./read-environment.ts";
import { jsonOf, mustRun, type WranglerRunner } from "./wrangler-runner.ts";

/**
 * `npm run provision -- --env …`: creates what the environment's worker binds (D1, KV, the lead
 * queues, the R2 bucket) through wrangler and records the D1 and KV ids in its wrangler.toml block
 * (queues and buckets are bound by name). Idempotent: what exists is found by name and only
 * recorded, what is recorded is left alone — a second run creates and writes nothing.
 */

/** The ids to write into `[env.<env>]`, by binding position (wrangler's own writer: ops/record-ids.ts). */
export interface IdPatch {
  d1: Array<{ index: number; database_id: string }>;
  kv: Array<{ index: number; id: string }>;
}

export interface ProvisionStep {
  resource: string;
  outcome: "recorded" | "found" | "created" | "exists" | "would create";
}

export interface ProvisionResult {
  steps: ProvisionStep[];
  patch: IdPatch;
}

const D1ListSchema = z.array(z.object({ uuid: z.string(), name: z.string() }));
const KvListSchema = z.array(z.object({ id: z.string(), title: z.string() }));

function parsed<T>(schema: z.ZodType<T>, stdout: string, what: string): T {
  const result = schema.safeParse(jsonOf(stdout));
  if (!result.success) throw new Error(`wrangler's ${what} answer was not what it documents: ${stdout.slice(0, 200)}`);
  return result.data;
}

async function d1Id(run: WranglerRunner, name: string): Promise<string | undefined> {
  return parsed(D1ListSchema, await mustRun(run, ["d1", "list", "--json"]), "d1 list").find((database) => database.name === name)?.uuid;
}

async function kvId(run: WranglerRunner, title: string): Promise<string | undefined> {
  return parsed(KvListSchema, await mustRun(run, ["kv", "namespace", "list"]), "kv namespace list").find(
    (namespace) => namespace.title === title,
  )?.id;
}

/** Whether a `… info` command found the resource (exit 0). */
async function exists(run: WranglerRunner, argv: readonly string[]): Promise<boolean> {
  return (await run(argv)).code === 0;
}

export async function provision(
  env: DeployEnvironment,
  config: ResolvedConfig,
  run: WranglerRunner,
  options: { dryRun?: boolean } = {},
): Promise<ProvisionResult> {
  const steps: ProvisionStep[] = [];
  // A dry run asks wrangler what exists (read-only commands) and creates nothing.
  const create = async (resource: string, argv: readonly string[]): Promise<boolean> => {
    if (options.dryRun) {
      steps.push({ resource, outcome: "would create" });
      return false;
    }
    await mustRun(run, argv);
    return true;
  };
  const patch: IdPatch = { d1: [], kv: [] };

  for (const [index, database] of config.d1_databases.entries()) {
    const name = database.database_name;
    if (!name) throw new Error(`[env.${env}] d1_databases "${database.binding}" has no database_name`);
    if (database.database_id) {
      steps.push({ resource: `D1 ${name}`, outcome: "recorded" });
      continue;
    }
    let id = await d1Id(run, name);
    if (id) steps.push({ resource: `D1 ${name}`, outcome: "found" });
    else {
      if (!(await create(`D1 ${name}`, ["d1", "create", name, "--jurisdiction", JURISDICTION, "--env", env]))) continue;
      id = await d1Id(run, name);
      if (!id) throw new Error(`D1 ${name} was created but is not listed`);
      steps.push({ resource: `D1 ${name}`, outcome: "created" });
    }
    patch.d1.push({ index, database_id: id });
  }

  for (const [index, namespace] of config.kv_namespaces.entries()) {
    if (namespace.id) {
      steps.push({ resource: `KV ${namespace.binding}`, outcome: "recorded" });
      continue;
    }
    const title = kvTitleOf(env, namespace.binding);
    let id = await kvId(run, title);
    if (id) steps.push({ resource: `KV ${title}`, outcome: "found" });
    else {
      if (!(await create(`KV ${title}`, ["kv", "namespace", "create", title, "--jurisdiction", JURISDICTION, "--env", env]))) continue;
      id = await kvId(run, title);
      if (!id) throw new Error(`KV ${title} was created but is not listed`);
      steps.push({ resource: `KV ${title}`, outcome: "created" });
    }
    patch.kv.push({ index, id });
  }

  const queues = new Set<string>();
  for (const producer of config.queues.producers ?? []) queues.add(producer.queue);
  for (const consumer of config.queues.consumers ?? []) {
    queues.add(consumer.queue);
    if (consumer.dead_letter_queue) queues.add(consumer.dead_letter_queue);
  }
  for (const queue of queues) {
    if (await exists(run, ["queues", "info", queue, "--env", env])) steps.push({ resource: `Queue ${queue}`, outcome: "exists" });
    else if (await create(`Queue ${queue}`, ["queues", "create", queue, "--env", env]))
      steps.push({ resource: `Queue ${queue}`, outcome: "created" });
  }

  for (const bucket of config.r2_buckets) {
    const name = bucket.bucket_name;
    if (!name) throw new Error(`[env.${env}] r2_buckets "${bucket.binding}" has no bucket_name`);
    const where = ["--jurisdiction", bucket.jurisdiction ?? JURISDICTION];
    if (await exists(run, ["r2", "bucket", "info", name, ...where, "--env", env]))
      steps.push({ resource: `R2 ${name}`, outcome: "exists" });
    else if (await create(`R2 ${name}`, ["r2", "bucket", "create", name, ...where, "--env", env]))
      steps.push({ resource: `R2 ${name}`, outcome: "created" });
  }
  return { steps, patch };
}

/** KV namespaces have titles, not binding names: one per environment and binding. */
export function kvTitleOf(env: DeployEnvironment, binding: string): string {
  return `dealership-${binding.toLowerCase()}-${env}`;
}
