/**
 * A local stand-in for Sentry's ingest API (fakes only for services outside our walls,
 * as HTTP servers that speak their protocol). It accepts envelopes the way sentry.io does —
 * `POST /api/{project}/envelope/?sentry_key=…` with newline-delimited JSON: an envelope header,
 * then per item an item header and its payload (`length` bytes when the header says so) — and
 * keeps them in memory for the journeys: `GET /envelopes` lists the items, `DELETE /envelopes`
 * forgets them. Started by playwright.config.ts as a second web server.
 *
 * Run alone: `node e2e/support/fake-sentry.ts 8802`.
 */
import { createServer } from "node:http";
import { inflateSync } from "node:zlib";

export interface ReceivedItem {
  project: string;
  key: string | null;
  type: string;
  /** The payload as text (JSON for events; "{segment header}\n[events]" for replay recordings). */
  payload: string;
}

/** Splits one envelope into its items. */
export function parseEnvelope(body: Buffer): Array<{ type: string; payload: string }> {
  const items: Array<{ type: string; payload: string }> = [];
  let offset = body.indexOf(0x0a) + 1; // after the envelope header
  if (offset === 0) return items;
  while (offset < body.length) {
    const headerEnd = body.indexOf(0x0a, offset);
    if (headerEnd === -1) break;
    const header = JSON.parse(body.subarray(offset, headerEnd).toString("utf8")) as { type?: string; length?: number };
    const start = headerEnd + 1;
    let end: number;
    if (typeof header.length === "number") end = start + header.length;
    else {
      const newline = body.indexOf(0x0a, start);
      end = newline === -1 ? body.length : newline;
    }
    items.push({ type: header.type ?? "unknown", payload: itemText(header.type, body.subarray(start, end)) });
    offset = end + 1;
  }
  return items;
}

/** Beside the journeys' site port (E2E_PORT, 8799 by default). */
export function fakeSentryPort(env: Readonly<Record<string, string | undefined>>): number {
  return Number(env.E2E_PORT ?? 8799) + 3;
}

/** A replay recording is "{segment header}\n" and its events, deflated by the SDK's worker: kept inflated. */
function itemText(type: string | undefined, payload: Buffer): string {
  if (type !== "replay_recording") return payload.toString("utf8");
  const newline = payload.indexOf(0x0a);
  const events = payload.subarray(newline + 1);
  let text: string;
  try {
    text = inflateSync(events).toString("utf8");
  } catch {
    text = events.toString("utf8");
  }
  return `${payload.subarray(0, newline).toString("utf8")}\n${text}`;
}

export function startFakeSentry(port: number) {
  const received: ReceivedItem[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (url.pathname === "/healthz") return void response.end("ok");
    if (url.pathname === "/envelopes" && request.method === "GET") {
      response.setHeader("Content-Type", "application/json");
      return void response.end(JSON.stringify(received));
    }
    if (url.pathname === "/envelopes" && request.method === "DELETE") {
      received.length = 0;
      return void response.end();
    }
    const match = /^\/api\/(\d+)\/envelope\/?$/.exec(url.pathname);
    if (!match || request.method !== "POST") {
      response.statusCode = 404;
      return void response.end();
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        for (const item of parseEnvelope(Buffer.concat(chunks)))
          received.push({ project: match[1]!, key: url.searchParams.get("sentry_key"), ...item });
        response.setHeader("Content-Type", "application/json");
        response.end("{}");
      } catch {
        response.statusCode = 400;
        response.end('{"detail":"invalid envelope"}');
      }
    });
  });
  server.listen(port, "127.0.0.1");
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) startFakeSentry(Number(process.argv[2] ?? 8802));
