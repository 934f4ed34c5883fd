import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { MAX_FORM_FIELDS, MAX_JSON_BYTES } from "../leads/read-lead-body.ts";
import { countFormFields, multipartBoundary } from "../read-capped-body.ts";
import { BROWSER_UA, ORIGIN } from "../test-support/requests.ts";
import { leadCount, postLead, postPlainForm } from "../test-support/fake-leads.ts";
import { expectConsoleError } from "../test-support/setup.ts";
import { clearContentMemory } from "../content/cached-content.ts";

/**
 * Plain form posts to pages (no JavaScript): everything decided before the body where it can be,
 * and the body read with the limits of POST /api/leads, so one request cannot fill an isolate's
 * 128 MB.
 */

/** A direct-contact lead as a browser without JavaScript posts it. */
function directContact(lastName: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    kind: "direct_contact",
    idempotencyKey: "",
    website: "",
    topic: "sales",
    firstName: "Paula",
    lastName,
    email: "paula@example.test",
    message: "Bitte rufen Sie mich an.",
    privacyAccepted: "on",
    ...extra,
  });
}

/** A body that counts how many chunks were pulled from it: 1 MB each, `chunks` of them. */
function countingBody(chunks: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new TextEncoder().encode(`pad=${"x".repeat(1024 * 1024 - 4)}`);
  // highWaterMark 0: nothing is pulled until somebody reads.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += 1;
        if (pulled > chunks) controller.close();
        else controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

/** A streamed post through the real app, as a browser without JavaScript would send it. */
async function postStream(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: {
      "User-Agent": BROWSER_UA,
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      Origin: ORIGIN,
      ...headers,
    },
  });
  const response = await createApp().fetch(request, env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return new Response(text, response);
}

describe("a plain form post is refused before its body is read where that can be decided", () => {
  it("cross-site: 403 with the German message, not one byte read, nothing stored", async () => {
    const body = countingBody(8);
    const response = await postStream("/directcontact", body.stream, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain("nicht von unserer Website");
    expect(html).toContain('href="/directcontact"');
    expect(body.pulled()).toBe(0);
  });

  it("a declared length over the limit: 413 before reading (the probe's 60 MB)", async () => {
    const body = countingBody(60);
    const response = await postStream("/directcontact", body.stream, { "Content-Length": String(60 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Ihre Anfrage ist zu groß");
    expect(body.pulled()).toBe(0);
  });

  it("a body that does not say its length is cut off at the limit: 413 after the first chunk past it, no more read", async () => {
    const body = countingBody(60);
    const response = await postStream("/directcontact", body.stream);
    expect(response.status).toBe(413);
    expect(body.pulled()).toBe(1);
  });

  it.each(["/nope-xyz", "/sitemap.xml", "/werkstatt", "/", "/carfinder"])(
    "%s takes no post: 405 with Allow, nothing stored",
    async (path) => {
      const lastName = `Ohne-Formular-${crypto.randomUUID().slice(0, 8)}`;
      const response = await postPlainForm(path, directContact(lastName));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(await leadCount("payload LIKE ?", `%${lastName}%`)).toBe(0);
    },
  );

  it("when the content source cannot say whether a page holds a form, the post goes on (a lead is never lost to an unreadable story)", async () => {
    // Only the content is unreadable (the demo space and its last good copies), and nothing of it is
    // kept in memory; redirects and settings still answer.
    clearContentMemory();
    const failingKv = new Proxy(env.REDIRECTS, {
      get(target, property) {
        const member = Reflect.get(target, property);
        if (typeof member !== "function") return member;
        return (...args: unknown[]) => {
          const key = typeof args[0] === "string" ? args[0] : ((args[0] as { prefix?: string } | undefined)?.prefix ?? "");
          if (key.startsWith("demo-space:") || key.startsWith("content:"))
            return Promise.reject(new Error("KV GET failed: 503 Service Unavailable"));
          return member.apply(target, args);
        };
      },
    });
    const lastName = `Ohne-Story-${crypto.randomUUID().slice(0, 8)}`;
    const response = await postLead(undefined, {
      raw: directContact(lastName),
      path: "/werkstatt",
      env: { ...env, REDIRECTS: failingKv } as Env,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    });
    expect(response.status, "not the 405 of a page known to have no form").not.toBe(405);
    expect(response.status).toBeLessThanOrEqual(503);
    expectConsoleError(/^content source unavailable, failing open/);
  });

  it.each(["//evil.example/x", "/\\evil.example/x", "//directcontact"])(
    "a lead posted to %s never redirects off the site, and nothing is stored where there is no form",
    async (path) => {
      const lastName = `Umweg-${crypto.randomUUID().slice(0, 8)}`;
      const response = await postPlainForm(path, directContact(lastName));
      const location = response.headers.get("Location");
      if (location !== null) expect(new URL(location, "https://www.example.de").origin).toBe("https://www.example.de");
      if (response.status !== 303) expect(await leadCount("payload LIKE ?", `%${lastName}%`)).toBe(0);
      expect(response.status).toBeLessThan(500);
    },
  );
});

describe("a plain form post that is read has the limits of POST /api/leads", () => {
  it("more bytes than a lead (the probe's 8 MB pad): 413, nothing stored", async () => {
    const lastName = `Polster-${crypto.randomUUID().slice(0, 8)}`;
    const response = await postPlainForm("/directcontact", directContact(lastName, { pad: "x".repeat(8 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect((await response.text()).length).toBeLessThan(10_000);
    expect(await leadCount("payload LIKE ?", `%${lastName}%`)).toBe(0);
  });

  it("more fields than any form has, in few bytes: 413 before parsing, nothing stored", async () => {
    const lastName = `Felder-${crypto.randomUUID().slice(0, 8)}`;
    const body = directContact(lastName);
    for (let index = 0; index <= MAX_FORM_FIELDS; index += 1) body.append("a", "");
    expect(body.toString().length).toBeLessThan(MAX_JSON_BYTES);
    const response = await postPlainForm("/directcontact", body);
    expect(response.status).toBe(413);
    expect(await leadCount("payload LIKE ?", `%${lastName}%`)).toBe(0);
  });

  it("the same field cap holds for a multipart lead to /api/leads", async () => {
    const form = new FormData();
    form.set("kind", "contact");
    for (let index = 0; index <= MAX_FORM_FIELDS; index += 1) form.append(`f${index}`, "");
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`${ORIGIN}/api/leads`, { method: "POST", body: form, headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(413);
  });

  it("a refused form shows back only the form's own fields, never what else was posted", async () => {
    const padding = `FREMD${"y".repeat(30_000)}`;
    const body = directContact("Eigen", { email: "paula@", pad: padding, "fields.x": "FREMDFELD", unknown: "FREMDWERT" });
    const response = await postPlainForm("/directcontact", body);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('value="Eigen"');
    expect(html).toContain('value="paula@"');
    expect(html).not.toContain("FREMD");
    expect(html.length).toBeLessThan(200_000);
  });
});

describe("counting form fields from bytes", () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it.each([
    ["", 0],
    ["a=1", 1],
    ["a=1&b=2", 2],
    ["a=1&b=2&", 3],
  ])("urlencoded %j has at most %i fields", (text, fields) => {
    expect(countFormFields(encode(text), "urlencoded", null, 100)).toBe(fields);
  });

  it("multipart: one per part, the closing delimiter not counted", async () => {
    const form = new FormData();
    form.set("a", "1");
    form.set("b", "2");
    form.set("c", new File(["--not-the-boundary"], "c.txt"));
    const request = new Request("http://x/", { method: "POST", body: form });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const boundary = multipartBoundary(request.headers.get("Content-Type") ?? "");
    expect(boundary).not.toBeNull();
    expect(countFormFields(bytes, "multipart", boundary, 100)).toBe(3);
  });

  it.each([
    ["multipart/form-data; boundary=----WebKitFormBoundaryx7Yz", "----WebKitFormBoundaryx7Yz"],
    ["Multipart/Form-Data;boundary=abc", "abc"],
    ['multipart/form-data; boundary="abc"', "abc"],
    ["multipart/form-data; charset=utf-8; boundary=abc", "abc"],
    ["multipart/form-data", null],
    ['multipart/form-data; boundary="\\X"', null],
    ['multipart/form-data; x="; boundary=FAKE"; boundary=REAL', null],
    ["multipart/form-data;\fboundary=FAKE; boundary=REAL", null],
    ["multipart/form-data; boundary=a; boundary=b", null],
    ["multipart/form-data; boundary=has space", null],
    [`multipart/form-data; boundary=${"b".repeat(71)}`, null],
    ["text/plain; boundary=abc", null],
  ])("the boundary of %j is %j (anything a parser could read otherwise is refused)", (contentType, boundary) => {
    expect(multipartBoundary(contentType)).toBe(boundary);
  });
});

describe("a multipart lead whose boundary a parser could read differently from the count is refused, not parsed", () => {
  it.each(['multipart/form-data; boundary="\\X"', 'multipart/form-data; x="; boundary=FAKE"; boundary=X'])(
    "%s: 400 before parsing (the many parts behind it never reach formData)",
    async (contentType) => {
      const parts = Array.from(
        { length: MAX_FORM_FIELDS + 10 },
        (_, index) => `--X\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n\r\n`,
      );
      const body = `${parts.join("")}--X--\r\n`;
      const ctx = createExecutionContext();
      const response = await createApp().fetch(
        new Request(`${ORIGIN}/api/leads`, {
          method: "POST",
          body,
          headers: { "Content-Type": contentType, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
        }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(400);
      const page = await postPlainForm("/directcontact", new URLSearchParams(), { "Content-Type": contentType });
      expect(page.status).toBe(400);
    },
  );
});
