/**
 * Fakes of the services outside our walls that the lead pipeline talks to (Node, loopback),
 * each speaking its real protocol, failures included:
 *
 *   POST /crm/{hook}                                        a generic CRM webhook: checks the
 *        X-Lead-Signature (HMAC-SHA256 of "{X-Lead-Timestamp}.{body}"), dedupes by Idempotency-Key,
 *        answers 200 { id }; 401 on a bad signature
 *   POST /hubspot/submissions/v3/integration/submit/{portalId}/{formGuid}
 *   POST /hubspot/submissions/v3/integration/secure/submit/{portalId}/{formGuid}
 *        HubSpot Forms API v3: 200 { inlineMessage }; 400 with HubSpot's error JSON for fields the
 *        form does not define or a missing email; 401 without the private-app token (secure);
 *        404 for an unknown form
 *   POST /mail/{account}/email                              a Postmark-style mail API (POST /email): checks the
 *        X-Postmark-Server-Token (401 { ErrorCode: 10 }), needs From, To and Subject (422 { ErrorCode: 300 }),
 *        answers 200 { To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK" }
 *   POST /turnstile/v0/siteverify                           Cloudflare Turnstile siteverify (JSON or
 *        form-encoded): token "pass…" succeeds, "fail…" fails, "slow…" answers after 10 s
 *
 * Scripting (tests and bench/lead-reliability.ts):
 *   PUT  /__fake/crm/{hook}          { secret?, failRate? }   secret (default CRM_TEST_SECRET); failRate 0..1 → random 503s
 *   POST /__fake/{crm|hubspot|mail}/{id}/faults { faults: [{ status, times, match?, retryAfter? }] }
 *        the next `times` requests (whose body contains `match`, if given) answer `status`
 *   GET  /__fake/{crm|hubspot|mail}/{id}  { requests: [{ key, status, body }], delivered: { key: count } }
 * A hook or portal is created on first use, so each test can take its own.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export const CRM_TEST_SECRET = "test-crm-secret-0123456789";
export const HUBSPOT_TEST_TOKEN = "hubspot-test-token";
export const HUBSPOT_TEST_FORM = "0a1b2c3d-4e5f-4061-8728-394a5b6c7d8e";
export const TURNSTILE_TEST_SECRET = "turnstile-test-secret";
export const MAIL_TEST_TOKEN = "mail-test-server-token";
/** Fields the fake HubSpot form defines (HubSpot refuses any other). */
export const HUBSPOT_FORM_FIELDS = new Set(["email", "firstname", "lastname", "phone", "salutation", "message"]);

interface Fault {
  status: number;
  times: number;
  match?: string;
  retryAfter?: number;
}
export interface RecordedRequest {
  key: string;
  status: number;
  body: string;
  at: number;
}
export interface Endpoint {
  secret: string;
  failRate: number;
  faults: Fault[];
  requests: RecordedRequest[];
  /** Successful deliveries per idempotency key (a value above 1 is a duplicate). */
  delivered: Map<string, number>;
}

export interface FakeLeadServices {
  server: Server;
  crm(hook: string): Endpoint;
  hubspot(portal: string): Endpoint;
  mail(account: string): Endpoint;
}

export function startFakeLeadServices(port: number, host = "127.0.0.1"): Promise<FakeLeadServices> {
  const endpoints = new Map<string, Endpoint>();
  const endpoint = (name: string): Endpoint => {
    let found = endpoints.get(name);
    if (!found) {
      found = { secret: CRM_TEST_SECRET, failRate: 0, faults: [], requests: [], delivered: new Map() };
      endpoints.set(name, found);
    }
    return found;
  };
  const crm = (hook: string) => endpoint(`crm/${hook}`);
  const hubspot = (portal: string) => endpoint(`hubspot/${portal}`);
  const mail = (account: string) => endpoint(`mail/${account}`);

  const server = createServer((request, response) => {
    handle(request, response, { crm, hubspot, mail }).catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve({ server, crm, hubspot, mail }));
  });
}

type Endpoints = Pick<FakeLeadServices, "crm" | "hubspot" | "mail">;

async function handle(request: IncomingMessage, response: ServerResponse, endpoints: Endpoints): Promise<void> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const body = await readBody(request);
  if (url.pathname.startsWith("/__fake/")) return control(request.method ?? "GET", url.pathname, body, response, endpoints);
  if (request.method !== "POST") return send(response, 405, { error: "Method not allowed" });
  const crmHook = /^\/crm\/([\w-]+)$/.exec(url.pathname);
  if (crmHook) return crmWebhook(request, response, endpoints.crm(crmHook[1]!), body);
  const hubspotSubmit = /^\/hubspot\/submissions\/v3\/integration\/(secure\/)?submit\/(\d+)\/([\w-]+)$/.exec(url.pathname);
  if (hubspotSubmit)
    return hubspotForm(request, response, endpoints.hubspot(hubspotSubmit[2]!), body, {
      secure: Boolean(hubspotSubmit[1]),
      formGuid: hubspotSubmit[3]!,
    });
  const mailApi = /^\/mail\/([\w-]+)\/email$/.exec(url.pathname);
  if (mailApi) return mailProvider(request, response, endpoints.mail(mailApi[1]!), body);
  if (url.pathname === "/turnstile/v0/siteverify") return siteverify(request, response, body);
  return send(response, 404, { error: "Not found" });
}

/** A scripted fault or a random failure, if one applies to this request. */
function injectedFailure(endpoint: Endpoint, body: string): Fault | null {
  const fault = endpoint.faults.find((candidate) => candidate.times > 0 && (!candidate.match || body.includes(candidate.match)));
  if (fault) {
    fault.times -= 1;
    return fault;
  }
  return Math.random() < endpoint.failRate ? { status: 503, times: 0 } : null;
}

function record(endpoint: Endpoint, key: string, status: number, body: string): void {
  endpoint.requests.push({ key, status, body, at: Date.now() });
  if (status >= 200 && status < 300) endpoint.delivered.set(key, (endpoint.delivered.get(key) ?? 0) + 1);
}

function crmWebhook(request: IncomingMessage, response: ServerResponse, endpoint: Endpoint, body: string): void {
  const key = String(request.headers["idempotency-key"] ?? "");
  const timestamp = String(request.headers["x-lead-timestamp"] ?? "");
  const presented = String(request.headers["x-lead-signature"] ?? "");
  const expected = `sha256=${createHmac("sha256", endpoint.secret).update(`${timestamp}.${body}`).digest("hex")}`;
  if (presented.length !== expected.length || !timingSafeEqual(Buffer.from(presented), Buffer.from(expected))) {
    record(endpoint, key, 401, body);
    return send(response, 401, { error: "invalid signature" });
  }
  const failure = injectedFailure(endpoint, body);
  if (failure) {
    record(endpoint, key, failure.status, body);
    return send(
      response,
      failure.status,
      { error: `fake fault ${failure.status}` },
      failure.retryAfter !== undefined ? { "Retry-After": String(failure.retryAfter) } : {},
    );
  }
  record(endpoint, key, 200, body);
  send(response, 200, { id: `crm-${endpoint.requests.length}` });
}

function hubspotForm(
  request: IncomingMessage,
  response: ServerResponse,
  endpoint: Endpoint,
  body: string,
  options: { secure: boolean; formGuid: string },
): void {
  const error = (status: number, message: string, errors: Array<{ message: string; errorType: string }> = []) => {
    record(endpoint, "", status, body);
    send(response, status, { status: "error", message, correlationId: crypto.randomUUID(), errors });
  };
  if (options.secure && request.headers.authorization !== `Bearer ${HUBSPOT_TEST_TOKEN}`)
    return error(401, "Authentication credentials not found.");
  if (options.formGuid !== HUBSPOT_TEST_FORM) return error(404, "Form not found");
  let submission: { fields?: Array<{ objectTypeId?: string; name?: string; value?: string }>; context?: { pageUri?: string } };
  try {
    submission = JSON.parse(body);
  } catch {
    return error(400, "Invalid JSON");
  }
  const fields = submission.fields ?? [];
  const unknown = fields.filter((field) => !HUBSPOT_FORM_FIELDS.has(field.name ?? "") || field.objectTypeId !== "0-1");
  if (unknown.length > 0)
    return error(
      400,
      "The request is not valid",
      unknown.map((field) => ({
        message: `Error in 'fields.${field.name}'. Field not on form`,
        errorType: "FIELD_NOT_IN_FORM_DEFINITION",
      })),
    );
  const email = fields.find((field) => field.name === "email")?.value ?? "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return error(400, "The request is not valid", [
      { message: "Error in 'fields.email'. Invalid email address", errorType: "INVALID_EMAIL" },
    ]);
  const failure = injectedFailure(endpoint, body);
  if (failure) return error(failure.status, `fake fault ${failure.status}`);
  record(endpoint, email, 200, body);
  send(response, 200, { inlineMessage: "Vielen Dank!" });
}

function mailProvider(request: IncomingMessage, response: ServerResponse, endpoint: Endpoint, body: string): void {
  const refuse = (status: number, errorCode: number, message: string) => {
    record(endpoint, "", status, body);
    send(response, status, { ErrorCode: errorCode, Message: message });
  };
  if (request.headers["x-postmark-server-token"] !== MAIL_TEST_TOKEN)
    return refuse(401, 10, "The Server Token you provided in the X-Postmark-Server-Token request header was invalid.");
  let mail: { From?: string; To?: string; Subject?: string };
  try {
    mail = JSON.parse(body);
  } catch {
    return refuse(400, 402, "Invalid JSON");
  }
  if (!mail.From || !mail.To || !mail.Subject) return refuse(422, 300, "Invalid email request");
  const failure = injectedFailure(endpoint, body);
  if (failure) return refuse(failure.status, failure.status === 422 ? 406 : 0, `fake fault ${failure.status}`);
  record(endpoint, mail.To, 200, body);
  send(response, 200, { To: mail.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: "OK" });
}

async function siteverify(request: IncomingMessage, response: ServerResponse, body: string): Promise<void> {
  const json = String(request.headers["content-type"] ?? "").startsWith("application/json");
  const params: Record<string, unknown> = json ? JSON.parse(body || "{}") : Object.fromEntries(new URLSearchParams(body));
  const token = String(params.response ?? "");
  if (params.secret !== TURNSTILE_TEST_SECRET) return send(response, 200, { success: false, "error-codes": ["invalid-input-secret"] });
  if (token.startsWith("slow")) await new Promise((resolve) => setTimeout(resolve, 10_000));
  if (token.startsWith("pass"))
    return send(response, 200, { success: true, challenge_ts: new Date().toISOString(), hostname: "dealership.test", "error-codes": [] });
  send(response, 200, { success: false, "error-codes": ["invalid-input-response"] });
}

function control(method: string, path: string, body: string, response: ServerResponse, endpoints: Endpoints): void {
  const match = /^\/__fake\/(crm|hubspot|mail)\/([\w-]+)(\/faults)?$/.exec(path);
  if (!match) return send(response, 404, { error: "unknown control path" });
  const endpoint =
    match[1] === "crm" ? endpoints.crm(match[2]!) : match[1] === "mail" ? endpoints.mail(match[2]!) : endpoints.hubspot(match[2]!);
  if (match[3] && method === "POST") {
    endpoint.faults.push(...(JSON.parse(body) as { faults: Fault[] }).faults);
    return send(response, 200, { ok: true });
  }
  if (method === "PUT") {
    const settings = JSON.parse(body || "{}") as { secret?: string; failRate?: number };
    if (settings.secret !== undefined) endpoint.secret = settings.secret;
    if (settings.failRate !== undefined) endpoint.failRate = settings.failRate;
    return send(response, 200, { ok: true });
  }
  send(response, 200, { requests: endpoint.requests, delivered: Object.fromEntries(endpoint.delivered) });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}
