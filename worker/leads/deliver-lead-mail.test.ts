import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { formatEuro } from "#domain/format.ts";
import { d1Vehicles } from "../adapters/d1-stock.ts";
import { crmHook, envWith, leadRow, MAIL_TEST_TOKEN, mailAccount } from "../test-support/fake-leads.ts";
import { readMime } from "../test-support/mime-reader.ts";
import { expectConsoleError } from "../test-support/setup.ts";
import { handleLeadBatch } from "./deliver-lead.ts";
import { LEAD_DEAD_LETTER_QUEUE_NAME, LEAD_QUEUE_NAME } from "./lead-queue.ts";
import { insertLead } from "./lead-store.ts";
import { sweepLeads } from "./lead-sweeper.ts";
import { classifyMailError } from "./mail-transport.ts";

const SENDER = "anfragen@autohaus-gruppe-nord.de";
const CONTACT = {
  salutation: "frau",
  firstName: "Erika",
  lastName: "Mustermann",
  email: "erika.mustermann@example.test",
  phone: "040 123456",
  privacyAccepted: true,
};

/** A pending lead written straight to D1 (no queue message): only this test delivers it. */
async function storedLead(kind: string, payload: Record<string, unknown>) {
  const id = crypto.randomUUID();
  const reference = `${id.slice(0, 4)}-${id.slice(4, 8)}`.toUpperCase();
  await insertLead(env.DB, {
    id,
    reference,
    idempotencyKey: crypto.randomUUID(),
    kind,
    payload: { ...CONTACT, ...payload },
    pageUrl: "http://dealership.test/kontakt",
    now: Date.now(),
  });
  return { id, reference };
}

async function consume(leadIds: string[], consumerEnv: Env, queue = LEAD_QUEUE_NAME) {
  const batch = createMessageBatch(
    queue,
    leadIds.map((leadId, index) => ({ id: `message-${index}`, timestamp: new Date(), attempts: 1, body: { leadId } })),
  );
  const ctx = createExecutionContext();
  await handleLeadBatch(batch, consumerEnv, ctx, { hubspot: false });
  return getQueueResult(batch, ctx);
}

interface Sent {
  from: string;
  to: string;
  raw: string;
}

/**
 * The send_email binding as the consumer sees it: records each message, then hands it to miniflare's
 * real binding (which parses it and refuses a bad Message-ID or From), unless a scripted error comes first.
 */
function mailbox() {
  const sent: Sent[] = [];
  const errors: unknown[] = [];
  const binding = {
    async send(message: EmailMessage) {
      // miniflare's EmailMessage keeps the raw message under this key (miniflare/dist/src/workers/email).
      const raw = (message as unknown as Record<string, unknown>)["EmailMessage::raw"];
      if (typeof raw !== "string") throw new Error("test: the raw message is not readable");
      sent.push({ from: message.from, to: message.to, raw });
      if (errors.length > 0) throw errors.shift();
      return env.LEAD_MAIL.send(message);
    },
  } as unknown as SendEmail;
  return { sent, binding, fail: (...next: unknown[]) => errors.push(...next) };
}

const codedError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** E-mail only (no CRM): the sender and the recording binding. */
const mailEnv = (box: ReturnType<typeof mailbox>, vars: Record<string, string | undefined> = {}) =>
  envWith(
    { CRM_WEBHOOK_URL: undefined, LEAD_MAIL_FROM: SENDER, SITE_ORIGIN: "https://www.autohaus.test", ...vars },
    { LEAD_MAIL: box.binding },
  );

async function vehicleAt(location: string) {
  const row = await env.DB.prepare(
    "SELECT id, slug, brand, title FROM vehicles WHERE location_slug = ? AND status = 'available' ORDER BY id LIMIT 1",
  )
    .bind(location)
    .first<{ id: number; slug: string; brand: string; title: string }>();
  if (!row) throw new Error(`no vehicle at ${location}`);
  return row;
}

describe("lead e-mails: who gets them", () => {
  it.each([
    [
      "a test drive of a vehicle: the sales inbox of the vehicle's center",
      "test_drive",
      async () => ({ vehicleId: (await vehicleAt("center-goslar")).id }),
      "verkauf.goslar@autohaus-gruppe-nord.de",
    ],
    [
      "an interest in a vehicle",
      "interest",
      async () => ({ vehicleId: (await vehicleAt("center-reinfeld-lubeck")).id, contactPreference: "email", interests: ["leasing"] }),
      "verkauf.reinfeld@autohaus-gruppe-nord.de",
    ],
    [
      "a model enquiry for a brand with its own team",
      "model_contact",
      async () => ({ brand: "astonmartin", model: "db12", location: "center-hamburg-am-rothenbaum", message: "Preis?" }),
      "astonmartin.rothenbaum@autohaus-gruppe-nord.de",
    ],
    [
      "a model enquiry for another brand of that center",
      "model_contact",
      async () => ({ brand: "smart", model: "smart-1", location: "center-hamburg-am-rothenbaum", message: "Preis?" }),
      "verkauf.rothenbaum@autohaus-gruppe-nord.de",
    ],
    [
      "a workshop appointment for a brand with its own service",
      "workshop_appointment",
      async () => ({ location: "center-heide", make: "HYUNDAI", licensePlate: "HEI-AB 12", services: ["inspection"] }),
      "hyundai-service.heide@autohaus-gruppe-nord.de",
    ],
    [
      "a workshop appointment for another make",
      "workshop_appointment",
      async () => ({ location: "center-heide", make: "Mercedes", licensePlate: "HEI-AB 12", services: ["tyres"] }),
      "service.heide@autohaus-gruppe-nord.de",
    ],
    [
      "a direct contact about parts: service",
      "direct_contact",
      async () => ({ topic: "parts", location: "center-goslar", message: "Felgen?" }),
      "service.goslar@autohaus-gruppe-nord.de",
    ],
    [
      "a direct contact about a career: the center's general address",
      "direct_contact",
      async () => ({ topic: "career", location: "center-goslar", message: "Ausbildung?" }),
      "goslar@autohaus-gruppe-nord.de",
    ],
    [
      "a center without lead addresses: its general address",
      "workshop_appointment",
      async () => ({ location: "center-marne", make: "Mercedes-Benz", licensePlate: "HEI-AB 12", services: ["repair"] }),
      "marne@autohaus-gruppe-nord.de",
    ],
  ])("%s", async (_, kind, payload, expected) => {
    const box = mailbox();
    const lead = await storedLead(kind, await payload());
    const result = await consume([lead.id], mailEnv(box));
    expect(result.explicitAcks).toEqual(["message-0"]);
    expect(box.sent.map((mail) => [mail.from, mail.to])).toEqual([[SENDER, expected]]);
    expect(await leadRow(lead.id)).toMatchObject({ status: "delivered", mail_to: expected, crm_delivered_at: null, attempts: 1 });
    expect((await leadRow(lead.id))?.mail_sent_at).toEqual(expect.any(Number));
  });

  it("a lead without a center goes to LEAD_MAIL_FALLBACK_TO; without one it is dead with a clear error, never dropped", async () => {
    const box = mailbox();
    const withFallback = await storedLead("direct_contact", { topic: "other", message: "Hallo" });
    await consume([withFallback.id], mailEnv(box, { LEAD_MAIL_FALLBACK_TO: "zentrale@autohaus-gruppe-nord.de" }));
    expect(box.sent.map((mail) => mail.to)).toEqual(["zentrale@autohaus-gruppe-nord.de"]);
    expect((await leadRow(withFallback.id))?.status).toBe("delivered");

    const nowhere = await storedLead("direct_contact", { topic: "other", message: "Hallo" });
    const result = await consume([nowhere.id], mailEnv(box));
    expect(result.explicitAcks).toEqual(["message-0"]);
    expect(box.sent).toHaveLength(1);
    expect(await leadRow(nowhere.id)).toMatchObject({
      status: "dead",
      last_error: "e-mail: no e-mail address for a lead without a center (general) and no LEAD_MAIL_FALLBACK_TO",
      mail_sent_at: null,
    });
    expectConsoleError(new RegExp(`lead ${nowhere.reference} .* is dead: the e-mail could not be sent: no e-mail address`));
  });
});

describe("lead e-mails: what they say", () => {
  it("subject, vehicle with price and link, the visitor's answers in German, Reply-To the visitor", async () => {
    const box = mailbox();
    const vehicle = await vehicleAt("center-goslar");
    const lead = await storedLead("test_drive", {
      vehicleId: vehicle.id,
      preferredDate1: "2030-01-07",
      timeOfDay: "morning",
      drivingLicence: true,
      message: "Gern mit\nAnhängerkupplung.",
    });
    await consume([lead.id], mailEnv(box));
    const mail = readMime(box.sent[0]!.raw);
    expect(mail.header("subject")).toBe(`Neue Anfrage: Probefahrt – ${vehicle.title} (Ref. ${lead.reference})`);
    expect(mail.header("from")).toBe(`"Website-Anfragen" <${SENDER}>`);
    expect(mail.header("reply-to")).toBe("<erika.mustermann@example.test>");
    expect(mail.header("message-id")).toBe(`<lead-${lead.id}@autohaus-gruppe-nord.de>`);
    const { price } = (await d1Vehicles(env.DB, env.REDIRECTS).getById(vehicle.id))!;
    for (const line of [
      "  Art: Probefahrt",
      `  Vorgangsnummer: ${lead.reference}`,
      "  Standort: Center Goslar",
      `  Fahrzeug: ${vehicle.title}`,
      `  Fahrzeug-Nr.: ${vehicle.id}`,
      `  Fahrzeugseite: https://www.autohaus.test/carfinder/${vehicle.id}-1-${vehicle.slug}`,
      "  Anrede: Frau",
      "  E-Mail: erika.mustermann@example.test",
      "  Wunschtermin: Mo., 07.01.2030",
      "  Tageszeit: Vormittags (8–12 Uhr)",
      "> Gern mit",
      "> Anhängerkupplung.",
      "  Gültiger Führerschein bestätigt: ja",
    ])
      expect(mail.text.split("\n")).toContain(line);
    expect(mail.text).toMatch(new RegExp(`  Preis: ${formatEuro(price).replace(/\s/g, "\\s")}`));
    expect(mail.html).toContain(`href="https://www.autohaus.test/carfinder/${vehicle.id}-1-${vehicle.slug}"`);
  });

  it("visitor input is escaped in the HTML and can add no header, not even when D1 holds line breaks", async () => {
    const box = mailbox();
    const lead = await storedLead("trade_in", {
      firstName: '<script>alert("x")</script>',
      lastName: "Müller\r\nBcc: opfer@example.test",
      email: "erika@example.test\r\nBcc: opfer@example.test",
      make: "VW\r\nBcc: opfer@example.test",
      model: "Golf\nX-Injected: 1",
      licensePlate: "HH-AB 1234",
      firstRegistration: "2019-05",
      mileage: 48000,
      message: "<img src=x onerror=alert(1)>\r\n.\r\nFrom evil",
    });
    // A trade-in without a vehicle names no center: the group's address takes it.
    await consume([lead.id], mailEnv(box, { LEAD_MAIL_FALLBACK_TO: "ankauf@autohaus-gruppe-nord.de" }));
    const raw = box.sent[0]!.raw;
    const mail = readMime(raw);
    expect(mail.names).not.toContain("bcc");
    expect(mail.names).not.toContain("x-injected");
    // The address with a line break is no address: no Reply-To at all.
    expect(mail.names).not.toContain("reply-to");
    expect(mail.header("subject")).toBe(
      `Neue Anfrage: Inzahlungnahme – VW Bcc: opfer@example.test Golf X-Injected: 1 (Ref. ${lead.reference})`,
    );
    expect(raw.slice(0, raw.indexOf("\r\n\r\n"))).not.toMatch(/\r\n(Bcc|X-Injected):/i);
    // Not even a line of the HTML part starts like a header: single-line values stay on one line.
    expect(mail.html!.split("\n").some((line) => /^(Bcc|X-Injected):/i.test(line))).toBe(false);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.text).toContain("  Nachname: Müller Bcc: opfer@example.test");
    expect(mail.text).toContain("  Kilometerstand: 48.000 km");
    expect(mail.text).toContain("  Erstzulassung: 05/2019");
    expect(mail.text).toContain("> From evil");
  });

  it("photo links of a trade-in are listed, signed", async () => {
    const box = mailbox();
    const lead = await storedLead("trade_in", {
      licensePlate: "HH-AB 1234",
      firstRegistration: "2019-05",
      mileage: 1,
      make: "VW",
      model: "Golf",
    });
    await env.DB.prepare(
      "INSERT INTO lead_attachments (lead_id, position, object_key, content_type, size) VALUES (?, 1, ?, 'image/jpeg', 1000)",
    )
      .bind(lead.id, `leads/${lead.id}/1.jpg`)
      .run();
    await consume(
      [lead.id],
      mailEnv(box, { LEAD_FILE_LINK_SECRET: "a-file-link-secret-for-tests", LEAD_MAIL_FALLBACK_TO: "ankauf@autohaus-gruppe-nord.de" }),
    );
    expect(readMime(box.sent[0]!.raw).text).toMatch(
      new RegExp(`  Foto 1: https://www\\.autohaus\\.test/api/leads/files/${lead.id}/1\\?expires=\\d+&signature=[0-9a-f]{64}`),
    );
  });
});

describe("lead e-mails beside the CRM: delivered when every channel has it", () => {
  const bothEnv = (box: ReturnType<typeof mailbox>, hook: ReturnType<typeof crmHook>) =>
    mailEnv(box, { CRM_WEBHOOK_URL: hook.url, LEAD_MAIL_FALLBACK_TO: "zentrale@autohaus-gruppe-nord.de" });

  it("the CRM fails, the mail goes out: pending; the retry delivers to the CRM and sends no second mail", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const box = mailbox();
    const hook = crmHook();
    await hook.faults({ status: 503, times: 1 });
    const lead = await storedLead("direct_contact", { topic: "other", message: "Hallo" });
    const first = await consume([lead.id], bothEnv(box, hook));
    expect(first.retryMessages).toHaveLength(1);
    expect(await leadRow(lead.id)).toMatchObject({ status: "pending", last_error: "HTTP 503", crm_delivered_at: null });
    expect((await leadRow(lead.id))?.mail_sent_at).toEqual(expect.any(Number));
    const second = await consume([lead.id], bothEnv(box, hook));
    expect(second.explicitAcks).toEqual(["message-0"]);
    expect(await leadRow(lead.id)).toMatchObject({ status: "delivered", last_error: null, crm_id: expect.stringMatching(/^crm-/) });
    expect(box.sent).toHaveLength(1);
    expect(await hook.delivered()).toEqual({ [lead.id]: 1 });
  });

  it("the mail fails for now (rate limit), the CRM takes it: retried; the retry sends the mail and leaves the CRM alone", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const box = mailbox();
    box.fail(codedError("E_RATE_LIMIT_EXCEEDED", "Rate limit exceeded"));
    const hook = crmHook();
    const lead = await storedLead("direct_contact", { topic: "other", message: "Hallo" });
    const first = await consume([lead.id], bothEnv(box, hook));
    expect(first.retryMessages).toHaveLength(1);
    expect(await leadRow(lead.id)).toMatchObject({
      status: "pending",
      last_error: "e-mail: E_RATE_LIMIT_EXCEEDED Rate limit exceeded",
      mail_sent_at: null,
    });
    expect((await leadRow(lead.id))?.crm_delivered_at).toEqual(expect.any(Number));
    await consume([lead.id], bothEnv(box, hook));
    expect((await leadRow(lead.id))?.status).toBe("delivered");
    expect(box.sent).toHaveLength(2);
    expect(await hook.delivered()).toEqual({ [lead.id]: 1 });
  });

  it("a permanent refusal of the mail makes the lead dead and reported; the CRM's acceptance stays recorded", async () => {
    const box = mailbox();
    box.fail(codedError("E_RECIPIENT_SUPPRESSED", "Recipient zentrale@autohaus-gruppe-nord.de is on the suppression list"));
    const hook = crmHook();
    const lead = await storedLead("direct_contact", { topic: "other", message: "Hallo" });
    const result = await consume([lead.id], bothEnv(box, hook));
    expect(result.explicitAcks).toEqual(["message-0"]);
    expect(await leadRow(lead.id)).toMatchObject({
      status: "dead",
      last_error: "e-mail: E_RECIPIENT_SUPPRESSED Recipient <address> is on the suppression list",
    });
    expect((await leadRow(lead.id))?.crm_delivered_at).toEqual(expect.any(Number));
    expectConsoleError(new RegExp(`lead ${lead.reference} .* is dead: the e-mail could not be sent: E_RECIPIENT_SUPPRESSED`));
  });

  it("retries used up: the dead-letter queue marks the lead dead with the e-mail's last error", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const box = mailbox();
    box.fail(codedError("E_INTERNAL_SERVER_ERROR", "Internal error"));
    const lead = await storedLead("direct_contact", { topic: "other", message: "Hallo", location: "center-goslar" });
    expect((await consume([lead.id], mailEnv(box))).retryMessages).toHaveLength(1);
    await consume([lead.id], mailEnv(box), LEAD_DEAD_LETTER_QUEUE_NAME);
    expect(await leadRow(lead.id)).toMatchObject({
      status: "dead",
      last_error: "retries used up after 1 attempts; last error: e-mail: E_INTERNAL_SERVER_ERROR Internal error",
    });
    expectConsoleError(new RegExp(`lead ${lead.reference} .* is dead: retries used up`));
  });

  it("e-mail alone is a channel: not held; held leads are released by the sweeper once e-mail is configured", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const box = mailbox();
    const lead = await storedLead("direct_contact", { topic: "other", message: "Hallo", location: "center-goslar" });
    await consume([lead.id], envWith({ CRM_WEBHOOK_URL: undefined }));
    expect((await leadRow(lead.id))?.status).toBe("held");
    expect(await sweepLeads(envWith({ CRM_WEBHOOK_URL: undefined }), Date.now(), false)).toMatchObject({ released: 0 });
    // Released and handed to the queue (whose background consumer may already have taken it).
    expect((await sweepLeads(mailEnv(box), Date.now(), false)).released).toBeGreaterThanOrEqual(1);
    expect((await leadRow(lead.id))?.status).not.toBe("held");
  });
});

describe("the visitor's confirmation (LEAD_MAIL_CONFIRMATION=on)", () => {
  it("goes once, after the center's mail, with the reference and none of the visitor's text", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const box = mailbox();
    const hook = crmHook();
    await hook.faults({ status: 503, times: 1 });
    const lead = await storedLead("direct_contact", { topic: "other", message: "Kaufen Sie billige Uhren", location: "center-goslar" });
    const vars = { LEAD_MAIL_CONFIRMATION: "on", CRM_WEBHOOK_URL: hook.url };
    await consume([lead.id], mailEnv(box, vars));
    await consume([lead.id], mailEnv(box, vars));
    expect((await leadRow(lead.id))?.status).toBe("delivered");
    expect(box.sent.map((mail) => mail.to)).toEqual(["goslar@autohaus-gruppe-nord.de", "erika.mustermann@example.test"]);
    const confirmation = readMime(box.sent[1]!.raw);
    expect(confirmation.header("subject")).toBe(`Ihre Anfrage ist eingegangen (Vorgangsnummer ${lead.reference})`);
    expect(confirmation.text).toContain(`Ihre Vorgangsnummer: ${lead.reference}`);
    expect(confirmation.text).not.toContain("Uhren");
    expect((await leadRow(lead.id))?.confirmation_sent_at).toEqual(expect.any(Number));
  });

  it("is off by default", async () => {
    const box = mailbox();
    const lead = await storedLead("direct_contact", { topic: "other", message: "Hallo", location: "center-goslar" });
    await consume([lead.id], mailEnv(box));
    expect(box.sent).toHaveLength(1);
  });
});

describe("the HTTP mail provider (Postmark-style stand-in)", () => {
  const providerEnv = (account: ReturnType<typeof mailAccount>, vars: Record<string, string> = {}) =>
    envWith({
      CRM_WEBHOOK_URL: undefined,
      LEAD_MAIL_FROM: SENDER,
      LEAD_MAIL_TRANSPORT: "http",
      LEAD_MAIL_API_URL: account.url,
      LEAD_MAIL_API_TOKEN: MAIL_TEST_TOKEN,
      ...vars,
    });

  it("posts the mail with the server token; 2xx delivers", async () => {
    const account = mailAccount();
    const lead = await storedLead("direct_contact", { topic: "sales", message: "<b>Hallo</b>", location: "center-goslar" });
    await consume([lead.id], providerEnv(account));
    expect(await leadRow(lead.id)).toMatchObject({
      status: "delivered",
      mail_to: "verkauf.goslar@autohaus-gruppe-nord.de",
      mail_message_id: expect.any(String),
    });
    const [request] = await account.requests();
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      From: `"Website-Anfragen" <${SENDER}>`,
      To: "verkauf.goslar@autohaus-gruppe-nord.de",
      ReplyTo: "erika.mustermann@example.test",
      Subject: `Neue Anfrage: Direktkontakt – Fahrzeugkauf und Beratung (Ref. ${lead.reference})`,
      MessageStream: "outbound",
    });
    expect(body.TextBody).toContain("> <b>Hallo</b>");
    expect(body.HtmlBody).toContain("&lt;b&gt;Hallo&lt;/b&gt;");
  });

  it("5xx and 429 are retried; 422 and a wrong token are dead", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const account = mailAccount();
    await account.faults({ status: 503, times: 1 });
    const transient = await storedLead("direct_contact", { topic: "sales", message: "Hallo", location: "center-goslar" });
    expect((await consume([transient.id], providerEnv(account))).retryMessages).toHaveLength(1);
    expect(await leadRow(transient.id)).toMatchObject({ status: "pending", last_error: "e-mail: HTTP 503" });

    await account.faults({ status: 422, times: 1 });
    const refused = await storedLead("direct_contact", { topic: "sales", message: "Hallo", location: "center-goslar" });
    await consume([refused.id], providerEnv(account));
    expect(await leadRow(refused.id)).toMatchObject({ status: "dead", last_error: "e-mail: HTTP 422 (ErrorCode 406)" });
    expectConsoleError(/is dead: the e-mail could not be sent: HTTP 422/);

    const wrongToken = await storedLead("direct_contact", { topic: "sales", message: "Hallo", location: "center-goslar" });
    await consume([wrongToken.id], providerEnv(account, { LEAD_MAIL_API_TOKEN: "not-the-token" }));
    expect(await leadRow(wrongToken.id)).toMatchObject({ status: "dead", last_error: "e-mail: HTTP 401 (ErrorCode 10)" });
    expectConsoleError(/is dead: the e-mail could not be sent: HTTP 401/);
  });

  it("an unreachable provider is transient", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const lead = await storedLead("direct_contact", { topic: "sales", message: "Hallo", location: "center-goslar" });
    const result = await consume([lead.id], providerEnv(mailAccount(), { LEAD_MAIL_API_URL: "http://127.0.0.1:9/email" }));
    expect(result.retryMessages).toHaveLength(1);
    expect((await leadRow(lead.id))?.status).toBe("pending");
  });
});

describe("classifyMailError", () => {
  it("Email Routing's refusals without a code are permanent; limits and unknown errors are transient; addresses are not kept", () => {
    expect(classifyMailError(new Error("email to verkauf@autohaus.test not allowed"))).toEqual({
      ok: false,
      permanent: true,
      error: "email to <address> not allowed",
    });
    expect(classifyMailError(codedError("E_SENDER_NOT_VERIFIED", "Sender not verified"))).toMatchObject({ permanent: true });
    expect(classifyMailError(codedError("E_DAILY_LIMIT_EXCEEDED", "Daily limit"))).toMatchObject({ permanent: false });
    expect(classifyMailError(new Error("Network connection lost."))).toMatchObject({ permanent: false });
  });
});
