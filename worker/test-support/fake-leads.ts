import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { berlinToday } from "#domain/lead-schemas.ts";
import { createApp } from "../app.ts";
import { BROWSER_UA, ORIGIN } from "./requests.ts";
import {
  CRM_TEST_SECRET,
  HUBSPOT_TEST_FORM,
  HUBSPOT_TEST_TOKEN,
  MAIL_TEST_TOKEN,
  TURNSTILE_TEST_SECRET,
  type RecordedRequest,
} from "./fake-lead-services-server.ts";

/**
 * Test side of the lead pipeline's fakes (fake-lead-services-server.ts): valid leads, requests
 * through the real app with a chosen env, and the fake CRM/HubSpot's records and faults.
 */
export { CRM_TEST_SECRET, HUBSPOT_TEST_FORM, HUBSPOT_TEST_TOKEN, MAIL_TEST_TOKEN, TURNSTILE_TEST_SECRET };

/** A weekday (Mon–Sat) `days` or more days after today in Berlin: a valid preferred date. */
export function appointmentDay(days = 3): string {
  const date = new Date(`${berlinToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A valid test-drive lead for vehicle 100001 with a fresh idempotency key. */
export function testDriveLead(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: "test_drive",
    idempotencyKey: crypto.randomUUID(),
    vehicleId: 100001,
    preferredDate1: appointmentDay(),
    timeOfDay: "morning",
    drivingLicence: true,
    salutation: "frau",
    firstName: "Erika",
    lastName: "Mustermann",
    email: `erika-${crypto.randomUUID().slice(0, 8)}@example.test`,
    phone: "040 123456",
    privacyAccepted: true,
    pagePath: "/carfinder/100001-1-testwagen/probefahrt",
    ...overrides,
  };
}

export function tradeInLead(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: "trade_in",
    idempotencyKey: crypto.randomUUID(),
    licensePlate: "HH-AB 1234",
    firstRegistration: "2019-05",
    mileage: 48000,
    make: "Mercedes-Benz",
    model: "C 200",
    firstName: "Max",
    lastName: "Mustermann",
    email: `max-${crypto.randomUUID().slice(0, 8)}@example.test`,
    privacyAccepted: true,
    ...overrides,
  };
}

/** The fake CRM hook a test owns alone; `url` goes into CRM_WEBHOOK_URL. */
export function crmHook(name = `hook-${crypto.randomUUID()}`) {
  const control = `${env.FAKE_LEADS_URL}/__fake/crm/${name}`;
  return {
    url: `${env.FAKE_LEADS_URL}/crm/${name}`,
    requests: async () => ((await (await fetch(control)).json()) as { requests: RecordedRequest[] }).requests,
    delivered: async () => ((await (await fetch(control)).json()) as { delivered: Record<string, number> }).delivered,
    faults: (...faults: Array<{ status: number; times: number; match?: string; retryAfter?: number }>) =>
      fetch(`${control}/faults`, { method: "POST", body: JSON.stringify({ faults }) }).then(() => undefined),
  };
}

export function hubspotPortal(portal = String(Math.floor(Math.random() * 1e9))) {
  const control = `${env.FAKE_LEADS_URL}/__fake/hubspot/${portal}`;
  return {
    portal,
    apiBase: `${env.FAKE_LEADS_URL}/hubspot`,
    requests: async () => ((await (await fetch(control)).json()) as { requests: RecordedRequest[] }).requests,
    faults: (...faults: Array<{ status: number; times: number; match?: string }>) =>
      fetch(`${control}/faults`, { method: "POST", body: JSON.stringify({ faults }) }).then(() => undefined),
  };
}

/** The fake Postmark-style mail API's account a test owns alone; `url` goes into LEAD_MAIL_API_URL. */
export function mailAccount(name = `mail-${crypto.randomUUID()}`) {
  const control = `${env.FAKE_LEADS_URL}/__fake/mail/${name}`;
  return {
    url: `${env.FAKE_LEADS_URL}/mail/${name}/email`,
    requests: async () => ((await (await fetch(control)).json()) as { requests: RecordedRequest[] }).requests,
    faults: (...faults: Array<{ status: number; times: number; match?: string }>) =>
      fetch(`${control}/faults`, { method: "POST", body: JSON.stringify({ faults }) }).then(() => undefined),
  };
}

/** The test env with some vars replaced (strings, as wrangler would pass them). */
export function envWith(vars: Record<string, string | undefined> = {}, bindings: Partial<Env> = {}): Env {
  return { ...env, ...vars, ...bindings } as unknown as Env;
}

/** POST /api/leads through the real app; waits for background work (the queue hand-over). */
export async function postLead(
  body: unknown,
  options: { env?: Env; headers?: Record<string, string>; ip?: string; raw?: BodyInit; path?: string; method?: string } = {},
): Promise<Response> {
  const headers = new Headers({
    "User-Agent": BROWSER_UA,
    Origin: ORIGIN,
    "Sec-Fetch-Site": "same-origin",
    "CF-Connecting-IP": options.ip ?? randomIp(),
  });
  if (options.raw === undefined) headers.set("Content-Type", "application/json");
  // "" removes a header: a client that does not send it.
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === "") headers.delete(name);
    else headers.set(name, value);
  }
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${options.path ?? "/api/leads"}`, {
    method: options.method ?? "POST",
    headers,
    ...((options.method ?? "POST") !== "GET" && { body: options.raw ?? JSON.stringify(body) }),
  });
  const response = await createApp().fetch(request, options.env ?? env, ctx);
  const bytes = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(bytes, response);
}

/** The test-drive page of vehicle 100001, where the plain (no-JavaScript) form posts go. */
export const TEST_DRIVE_PAGE = "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt";

/** What a browser without JavaScript posts from the test-drive page (ui/leads/lead-forms.tsx field names). */
export function plainTestDrivePost(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams({ kind: "test_drive", idempotencyKey: "", website: "", vehicleId: "100001" });
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return body;
}

/** A form posted to a page as a browser without JavaScript sends it, through postLead. */
export function postPlainForm(path: string, body: URLSearchParams, headers: Record<string, string> = {}): Promise<Response> {
  return postLead(undefined, {
    raw: body,
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", ...headers },
  });
}

/** A different client per call, so the per-IP limit only bites where a test wants it to. */
export function randomIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export async function leadRow(id: string) {
  return env.DB.prepare("SELECT * FROM leads WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

export async function leadCount(where = "1 = 1", ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM leads WHERE ${where}`)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
