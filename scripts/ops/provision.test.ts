import { describe, expect, it } from "vitest";
import { recordedWrangler, type RecordedCall } from "./fake-wrangler.ts";
import { configFixture } from "./ops-fixtures.ts";
import { provision } from "./provision.ts";

const unrecorded = configFixture({
  d1_databases: [{ binding: "DB", database_name: "dealership-staging" }],
  kv_namespaces: [{ binding: "REDIRECTS" }],
});
const D1_LIST = (names: string[]) => ({ stdout: JSON.stringify(names.map((name, index) => ({ uuid: `uuid-${index}`, name }))) });
const KV_LIST = (titles: string[]) => ({ stdout: JSON.stringify(titles.map((title, index) => ({ id: `kv-${index}`, title }))) });
const NOT_FOUND = { code: 1, stderr: "✘ [ERROR] not found [code: 10006]" };

const queueAndBucketChecks = (answer: RecordedCall["answer"]): RecordedCall[] => [
  { argv: ["queues", "info", "dealership-leads-staging", "--env", "staging"], answer },
  { argv: ["queues", "info", "dealership-leads-dead-staging", "--env", "staging"], answer },
  { argv: ["r2", "bucket", "info", "dealership-lead-files-staging", "--jurisdiction", "eu", "--env", "staging"], answer },
  { argv: ["r2", "bucket", "info", "dealership-stock-pictures-staging", "--jurisdiction", "eu", "--env", "staging"], answer },
];

describe("provision (against a recorded wrangler: the commands, in order, and what it answers)", () => {
  it("an empty account: every resource created (EU where it can be), the D1 and KV ids recorded", async () => {
    const wrangler = recordedWrangler([
      { argv: ["d1", "list", "--json"], answer: D1_LIST(["other-db"]) },
      { argv: ["d1", "create", "dealership-staging", "--jurisdiction", "eu", "--env", "staging"] },
      { argv: ["d1", "list", "--json"], answer: D1_LIST(["other-db", "dealership-staging"]) },
      { argv: ["kv", "namespace", "list"], answer: KV_LIST([]) },
      { argv: ["kv", "namespace", "create", "dealership-redirects-staging", "--jurisdiction", "eu", "--env", "staging"] },
      { argv: ["kv", "namespace", "list"], answer: { stdout: `Listing…\n${KV_LIST(["dealership-redirects-staging"]).stdout}` } },
      { argv: ["queues", "info", "dealership-leads-staging", "--env", "staging"], answer: NOT_FOUND },
      { argv: ["queues", "create", "dealership-leads-staging", "--env", "staging"] },
      { argv: ["queues", "info", "dealership-leads-dead-staging", "--env", "staging"], answer: NOT_FOUND },
      { argv: ["queues", "create", "dealership-leads-dead-staging", "--env", "staging"] },
      { argv: ["r2", "bucket", "info", "dealership-lead-files-staging", "--jurisdiction", "eu", "--env", "staging"], answer: NOT_FOUND },
      { argv: ["r2", "bucket", "create", "dealership-lead-files-staging", "--jurisdiction", "eu", "--env", "staging"] },
      {
        argv: ["r2", "bucket", "info", "dealership-stock-pictures-staging", "--jurisdiction", "eu", "--env", "staging"],
        answer: NOT_FOUND,
      },
      { argv: ["r2", "bucket", "create", "dealership-stock-pictures-staging", "--jurisdiction", "eu", "--env", "staging"] },
    ]);
    const result = await provision("staging", unrecorded, wrangler.run);
    expect(wrangler.remaining()).toEqual([]);
    expect(result.patch).toEqual({ d1: [{ index: 0, database_id: "uuid-1" }], kv: [{ index: 0, id: "kv-0" }] });
    expect(result.steps.map((step) => step.outcome)).toEqual(["created", "created", "created", "created", "created", "created"]);
  });

  it("run again with the ids recorded and everything there: only read-only checks, nothing created or written", async () => {
    const wrangler = recordedWrangler(queueAndBucketChecks({ code: 0 }));
    const result = await provision("staging", configFixture(), wrangler.run);
    expect(wrangler.remaining()).toEqual([]);
    expect(wrangler.calls.some((argv) => argv.includes("create"))).toBe(false);
    expect(result.patch).toEqual({ d1: [], kv: [] });
  });

  it("resources that exist but are not recorded (another checkout made them): found by name and recorded, not created", async () => {
    const wrangler = recordedWrangler([
      { argv: ["d1", "list", "--json"], answer: D1_LIST(["dealership-staging"]) },
      { argv: ["kv", "namespace", "list"], answer: KV_LIST(["dealership-redirects-production", "dealership-redirects-staging"]) },
      ...queueAndBucketChecks({ code: 0 }),
    ]);
    const result = await provision("staging", unrecorded, wrangler.run);
    expect(result.patch).toEqual({ d1: [{ index: 0, database_id: "uuid-0" }], kv: [{ index: 0, id: "kv-1" }] });
    expect(result.steps.map((step) => step.outcome)).toEqual(["found", "found", "exists", "exists", "exists", "exists"]);
  });

  it("a dry run asks what exists and creates nothing", async () => {
    const wrangler = recordedWrangler([
      { argv: ["d1", "list", "--json"], answer: D1_LIST([]) },
      { argv: ["kv", "namespace", "list"], answer: KV_LIST([]) },
      ...queueAndBucketChecks(NOT_FOUND),
    ]);
    const result = await provision("staging", unrecorded, wrangler.run, { dryRun: true });
    expect(wrangler.remaining()).toEqual([]);
    expect(result.steps.map((step) => step.outcome)).toEqual(Array(6).fill("would create"));
    expect(result.patch).toEqual({ d1: [], kv: [] });
  });

  it("wrangler failing stops the run with its own words; an answer that is not the documented JSON is said as such", async () => {
    const refused = recordedWrangler([
      { argv: ["d1", "list", "--json"], answer: D1_LIST([]) },
      {
        argv: ["d1", "create", "dealership-staging", "--jurisdiction", "eu", "--env", "staging"],
        answer: { code: 1, stderr: "✘ [ERROR] A request to the Cloudflare API failed. Authentication error [code: 10000]" },
      },
    ]);
    await expect(provision("staging", unrecorded, refused.run)).rejects.toThrow(/d1 create dealership-staging.*\n.*Authentication error/s);
    const garbled = recordedWrangler([{ argv: ["d1", "list", "--json"], answer: { stdout: "<html>" } }]);
    await expect(provision("staging", unrecorded, garbled.run)).rejects.toThrow(/d1 list answer was not what it documents/);
  });
});
