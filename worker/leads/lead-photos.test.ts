import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LeadResponseSchema } from "#domain/lead-outcome-schema.ts";
import { PHOTO_MESSAGES } from "#domain/lead-outcome.ts";
import { CRM_TEST_SECRET, crmHook, leadRow, postLead, tradeInLead, testDriveLead } from "../test-support/fake-leads.ts";
import { signedFileLink } from "./lead-file-links.ts";
import { MAX_MULTIPART_BYTES } from "./read-lead-body.ts";
import { expectConsoleError } from "../test-support/setup.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38]);

/** The fields as a browser's multipart form post sends them, photos under "photos". */
type Photo = { bytes: Uint8Array<ArrayBuffer>; type: string; name: string };

function multipart(lead: Record<string, unknown>, photos: Photo[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(lead)) {
    if (typeof value === "boolean") {
      if (value) form.append(name, "on");
    } else form.append(name, String(value));
  }
  for (const photo of photos) form.append("photos", new File([photo.bytes], photo.name, { type: photo.type }));
  return form;
}

async function accepted(response: Response) {
  const outcome = LeadResponseSchema.parse(await response.json());
  if (outcome.status !== "accepted") throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
  return outcome;
}

describe("trade-in photos (multipart)", () => {
  it("stores the photos in R2 and gives the CRM signed, time-limited links", async () => {
    const lead = tradeInLead();
    const form = multipart(lead, [
      { bytes: PNG, type: "image/png", name: "front.png" },
      { bytes: JPEG, type: "image/jpeg", name: "IMG_0001.JPG" },
      { bytes: WEBP, type: "image/webp", name: "side.webp" },
    ]);
    const response = await postLead(null, { raw: form });
    expect(response.status).toBe(202);
    const outcome = await accepted(response);
    const stored = await env.DB.prepare(
      "SELECT position, object_key, content_type, size FROM lead_attachments WHERE lead_id = ? ORDER BY position",
    )
      .bind(outcome.leadId)
      .all();
    expect(stored.results).toEqual([
      { position: 1, object_key: `leads/${outcome.leadId}/1.png`, content_type: "image/png", size: PNG.byteLength },
      { position: 2, object_key: `leads/${outcome.leadId}/2.jpg`, content_type: "image/jpeg", size: JPEG.byteLength },
      { position: 3, object_key: `leads/${outcome.leadId}/3.webp`, content_type: "image/webp", size: WEBP.byteLength },
    ]);
    expect(JSON.parse(String((await leadRow(outcome.leadId))!.payload))).toMatchObject({ licensePlate: "HH-AB 1234", mileage: 48000 });

    // The background consumer delivers it to the default hook with links; the links work.
    await vi.waitFor(async () => expect((await leadRow(outcome.leadId))?.status).toBe("delivered"), { timeout: 10_000, interval: 100 });
    const request = (await crmHook("default").requests()).find((candidate) => candidate.key === outcome.leadId)!;
    const photos = JSON.parse(request.body).photos as Array<{ position: number; contentType: string; size: number; url: string }>;
    expect(photos.map((photo) => photo.contentType)).toEqual(["image/png", "image/jpeg", "image/webp"]);
    const link = new URL(photos[0]!.url);
    expect(link.pathname).toBe(`/api/leads/files/${outcome.leadId}/1`);
    const download = await postLead(null, { method: "GET", path: `${link.pathname}${link.search}` });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);

    const signature = link.searchParams.get("signature")!;
    const forged = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    const tampered = await postLead(null, {
      method: "GET",
      path: `${link.pathname}?expires=${link.searchParams.get("expires")}&signature=${forged}`,
    });
    expect(tampered.status).toBe(404);
    const otherPhoto = await postLead(null, { method: "GET", path: `/api/leads/files/${outcome.leadId}/2${link.search}` });
    expect(otherPhoto.status).toBe(404);
    vi.useFakeTimers({ now: Date.now() + 8 * 24 * 60 * 60 * 1000, toFake: ["Date"] });
    try {
      expect((await postLead(null, { method: "GET", path: `${link.pathname}${link.search}` })).status).toBe(410);
    } finally {
      vi.useRealTimers();
    }
  });

  it("checks photos by their bytes, count and size: 422 with a German message", async () => {
    const cases: Array<[Photo[], string]> = [
      [[{ bytes: new TextEncoder().encode("<svg onload=alert(1)>"), type: "image/png", name: "x.png" }], PHOTO_MESSAGES.wrongType],
      [Array.from({ length: 6 }, (_, index) => ({ bytes: PNG, type: "image/png", name: `${index}.png` })), PHOTO_MESSAGES.tooMany],
      [[{ bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(0xff), type: "image/jpeg", name: "big.jpg" }], PHOTO_MESSAGES.tooLarge],
    ];
    for (const [photos, message] of cases) {
      const lead = tradeInLead();
      const response = await postLead(null, { raw: multipart(lead, photos) });
      expect(response.status, message).toBe(422);
      expect(await response.json()).toEqual({ status: "invalid", fieldErrors: { photos: message } });
    }
    const notTradeIn = await postLead(null, { raw: multipart(testDriveLead(), [{ bytes: PNG, type: "image/png", name: "a.png" }]) });
    expect(await notTradeIn.json()).toEqual({ status: "invalid", fieldErrors: { photos: PHOTO_MESSAGES.notAllowed } });
  });

  it("an empty file input is no photo", async () => {
    const form = multipart(tradeInLead(), []);
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    expect((await postLead(null, { raw: form })).status).toBe(202);
  });

  it("refuses a multipart body over the limit with 413", async () => {
    const stream = new ReadableStream({
      start(controller) {
        const chunk = new Uint8Array(1024 * 1024);
        for (let index = 0; index <= MAX_MULTIPART_BYTES / chunk.byteLength; index += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await postLead(null, { raw: stream, headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(response.status).toBe(413);
  });

  it("malformed multipart is a 400", async () => {
    const response = await postLead(null, { raw: "no parts here", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(response.status).toBe(400);
  });

  it("a photo link answers 503 while D1 is unreachable", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const leadId = crypto.randomUUID();
    const link = new URL(
      await signedFileLink({ origin: "http://dealership.test", secret: CRM_TEST_SECRET, leadId, position: 1, now: Date.now() }),
    );
    const failingDb = {
      prepare: () => {
        throw new Error("D1_ERROR: unavailable");
      },
    } as unknown as D1Database;
    const response = await postLead(null, { method: "GET", path: `${link.pathname}${link.search}`, env: { ...env, DB: failingDb } as Env });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/lead file .* unavailable: D1_ERROR/));
  });

  it("R2 failing costs the photos, not the lead", async () => {
    const failingBucket = {
      put: () => Promise.reject(new Error("R2 unavailable")),
      delete: () => Promise.resolve(),
    } as unknown as R2Bucket;
    const response = await postLead(null, {
      raw: multipart(tradeInLead(), [{ bytes: PNG, type: "image/png", name: "a.png" }]),
      env: { ...env, LEAD_FILES: failingBucket } as Env,
    });
    expect(response.status).toBe(202);
    const outcome = await accepted(response);
    expect(await leadRow(outcome.leadId)).toMatchObject({ kind: "trade_in" });
    expectConsoleError(/photos not stored, the lead goes on without them: R2 unavailable/);
  });
});
