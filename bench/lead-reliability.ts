/**
 * Lead pipeline reliability run: the production bundle under `wrangler dev`
 * (NODE_ENV=production, its own port and a fresh --persist-to directory, real local D1 + queue),
 * a fake CRM on loopback that fails 50 % of requests at random and then recovers, and 200
 * concurrent POST /api/leads. It asserts and records: 200 × 202, 200 rows in D1, 200 distinct
 * leads delivered after recovery, 0 duplicate deliveries, and the time to full delivery.
 *
 *   npm run build && npm run bench:leads      (~1–2 min; writes bench/results/lead-reliability.json)
 *
 * Settings: LEADS_BENCH_COUNT (200), LEADS_BENCH_FAIL_RATE (0.5), LEADS_BENCH_FAIL_SECONDS (20:
 * how long the CRM keeps failing after the burst), LEADS_BENCH_PORT (8830), LEAD_RETRY_BASE_SECONDS
 * (the production default 30). The per-IP rate limit is lifted for this run only
 * (LEAD_RATE_LIMIT_MAX=100000): all requests come from one machine.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeLeadServices, CRM_TEST_SECRET } from "../worker/test-support/fake-lead-services-server.ts";
import { freePort } from "../worker/test-support/free-port.ts";
import {
  fail,
  percentile,
  readKnobs,
  round1,
  startWranglerDev,
  stopWranglerDev,
  WRANGLER_OFFLINE_ENV,
  waitForHealth,
} from "./bench-support.ts";

const {
  LEADS_BENCH_COUNT: COUNT,
  LEADS_BENCH_FAIL_RATE: FAIL_RATE,
  LEADS_BENCH_FAIL_SECONDS: FAIL_SECONDS,
  LEADS_BENCH_PORT: PORT,
} = readKnobs({ LEADS_BENCH_COUNT: 200, LEADS_BENCH_FAIL_RATE: 0.5, LEADS_BENCH_FAIL_SECONDS: 20, LEADS_BENCH_PORT: 8830 });
const RETRY_BASE_SECONDS = process.env.LEAD_RETRY_BASE_SECONDS ?? "30";
const SEQUENTIAL = 10;
const DELIVERY_TIMEOUT_MS = 10 * 60 * 1000;
const WORK_DIR = join("bench", ".work", `lead-reliability-${process.pid}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function wrangler(args: string[]): string {
  return execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", ...args], {
    env: { ...process.env, ...WRANGLER_OFFLINE_ENV },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/**
 * One valid lead, as the direct-contact form sends it: it names no vehicle, so the bench's empty
 * stock (a fresh D1 with migrations only) cannot refuse it ('Dieses Fahrzeug ist leider nicht mehr
 * verfügbar.' answered every test-drive lead with a made-up vehicle id once the API checked it).
 */
function lead(index: number, prefix = "bench") {
  return {
    kind: "direct_contact",
    idempotencyKey: crypto.randomUUID(),
    topic: "sales",
    firstName: "Bench",
    lastName: `Lead ${index}`,
    email: `${prefix}-${index}@example.test`,
    phone: "040 123456",
    message: `Lead ${index} of the reliability bench.`,
    privacyAccepted: true,
    pagePath: "/directcontact",
  };
}

function postLead(origin: string, body: unknown, index: number): Promise<Response> {
  return fetch(`${origin}/api/leads`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: origin,
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": `10.0.${index >> 8}.${index & 255}`,
    },
    body: JSON.stringify(body),
  });
}

async function main(): Promise<void> {
  if (!existsSync("dist/client") || !existsSync("dist/build-info.json")) fail("no client build: run `npm run build` first");
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  console.log(`applying D1 migrations into ${WORK_DIR}…`);
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", WORK_DIR]);

  const fakes = await startFakeLeadServices(await freePort());
  const fakeOrigin = `http://127.0.0.1:${(fakes.server.address() as { port: number }).port}`;
  const crm = fakes.crm("bench");
  crm.failRate = FAIL_RATE;

  const origin = `http://127.0.0.1:${PORT}`;
  const vars = {
    ENVIRONMENT: "development",
    CRM_WEBHOOK_URL: `${fakeOrigin}/crm/bench`,
    CRM_WEBHOOK_SECRET: CRM_TEST_SECRET,
    LEAD_RATE_LIMIT_MAX: "100000",
    LEAD_RETRY_BASE_SECONDS: RETRY_BASE_SECONDS,
  };
  console.log(`starting wrangler dev (NODE_ENV=production) on ${origin}…`);
  const server = startWranglerDev({
    port: PORT,
    inspectorPort: await freePort(),
    vars,
    args: ["--ip", "127.0.0.1", "--persist-to", WORK_DIR, "--log-level", "warn"],
    stdio: ["ignore", "ignore", "pipe"],
  });
  let serverLog = "";
  server.stderr!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  const stopServer = () => stopWranglerDev(server);
  process.on("exit", stopServer);

  try {
    await waitForHealth(origin, server);
    // For scale: one lead at a time, before the burst (not counted in the burst's figures below).
    const sequentialMs: number[] = [];
    for (let index = 0; index < SEQUENTIAL; index += 1) {
      const sent = performance.now();
      const response = await postLead(origin, lead(index, "sequential"), index);
      if (response.status !== 202) fail(`sequential lead answered ${response.status}: ${await response.text()}`);
      sequentialMs.push(performance.now() - sent);
    }
    console.log(`firing ${COUNT} concurrent leads; the CRM fails ${FAIL_RATE * 100} % of requests for ${FAIL_SECONDS} s…`);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: COUNT }, async (_, index) => {
        const sent = performance.now();
        const response = await postLead(origin, lead(index), index);
        const body = (await response.json()) as { status: string; leadId?: string };
        return { status: response.status, leadId: body.leadId, ms: performance.now() - sent };
      }),
    );
    const statusCounts = Object.fromEntries(
      [...new Set(answers.map((answer) => answer.status))].map((status) => [
        status,
        answers.filter((answer) => answer.status === status).length,
      ]),
    );
    const accepted = new Set(answers.filter((answer) => answer.status === 202 && answer.leadId).map((answer) => answer.leadId!));
    console.log(`answers: ${JSON.stringify(statusCounts)}`);

    const recoverAt = Date.now() + FAIL_SECONDS * 1000;
    let recoveredAt: number | undefined;
    let deliveredAllAt: number | undefined;
    while (Date.now() - started < DELIVERY_TIMEOUT_MS) {
      if (!recoveredAt && Date.now() >= recoverAt) {
        crm.failRate = 0;
        recoveredAt = Date.now();
        console.log(`CRM recovered after ${round1((recoveredAt - started) / 1000)} s; ${crm.delivered.size} delivered so far`);
      }
      if (recoveredAt && [...accepted].every((id) => crm.delivered.has(id))) {
        deliveredAllAt = Date.now();
        break;
      }
      await sleep(250);
    }
    // The consumer writes "delivered" to D1 right after the CRM's answer; give it a moment.
    await sleep(3000);
    stopServer();
    await sleep(1500);

    const rows = JSON.parse(
      wrangler([
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        WORK_DIR,
        "--json",
        "--command",
        "SELECT status, COUNT(*) AS leads, SUM(attempts) AS attempts, MAX(attempts) AS max_attempts FROM leads WHERE json_extract(payload, '$.email') LIKE 'bench-%' GROUP BY status",
      ]),
    ) as Array<{ results: Array<{ status: string; leads: number; attempts: number; max_attempts: number }> }>;
    const byStatus = rows[0]!.results;
    const storedRows = byStatus.reduce((sum, row) => sum + row.leads, 0);
    const deliveredRows = byStatus.find((row) => row.status === "delivered")?.leads ?? 0;
    const deliveredCounts = [...crm.delivered.entries()].filter(([id]) => accepted.has(id)).map(([, count]) => count);
    const burstRequests = crm.requests.filter((request) => accepted.has(request.key));
    const crmFailures = burstRequests.filter((request) => request.status !== 200).length;
    const result = {
      recordedAt: new Date().toISOString(),
      command: "npm run build && npm run bench:leads",
      runtime: "wrangler dev (NODE_ENV=production), local D1 + queue (miniflare), consumer batch 10 / 2 s, max_retries 20",
      settings: {
        submissions: COUNT,
        crmFailRate: FAIL_RATE,
        crmFailSeconds: FAIL_SECONDS,
        retryBaseSeconds: Number(RETRY_BASE_SECONDS),
        rateLimitLifted: true,
      },
      sequentialAnswerMs: { p50: round1(percentile(sequentialMs, 50)), max: round1(Math.max(...sequentialMs)) },
      answers: statusCounts,
      answerLatencyMs: {
        p50: round1(
          percentile(
            answers.map((answer) => answer.ms),
            50,
          ),
        ),
        p95: round1(
          percentile(
            answers.map((answer) => answer.ms),
            95,
          ),
        ),
        max: round1(Math.max(...answers.map((answer) => answer.ms))),
      },
      d1: { rows: storedRows, byStatus },
      crm: {
        requests: burstRequests.length,
        failedRequests: crmFailures,
        distinctLeadsDelivered: deliveredCounts.length,
        duplicateDeliveries: deliveredCounts.reduce((sum, count) => sum + count - 1, 0),
      },
      secondsToFullDelivery: deliveredAllAt ? round1((deliveredAllAt - started) / 1000) : null,
      secondsFromRecoveryToFullDelivery: deliveredAllAt && recoveredAt ? round1((deliveredAllAt - recoveredAt) / 1000) : null,
    };
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/lead-reliability.json", `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));

    const problems = [
      statusCounts[202] !== COUNT && `${statusCounts[202] ?? 0} of ${COUNT} answers were 202`,
      storedRows !== COUNT && `${storedRows} rows in D1, expected ${COUNT}`,
      deliveredRows !== COUNT && `${deliveredRows} rows delivered in D1, expected ${COUNT}`,
      deliveredCounts.length !== COUNT && `${deliveredCounts.length} distinct leads delivered, expected ${COUNT}`,
      result.crm.duplicateDeliveries !== 0 && `${result.crm.duplicateDeliveries} duplicate deliveries`,
    ].filter(Boolean);
    if (problems.length > 0) fail(`${problems.join("; ")}\n${serverLog.slice(-3000)}`);
    console.log("lead reliability: all assertions hold");
  } finally {
    stopServer();
    fakes.server.close();
    rmSync(WORK_DIR, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
