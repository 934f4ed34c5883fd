import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { UNDECIDED } from "#domain/consent.ts";
import { leadAction } from "./lead-action.ts";
import { portsContext, requestFlagsContext, type DataPorts } from "./ports.ts";

/** The action as the worker runs it for a plain form post; `submit` answers every lead. */
function run(url: string, outcome: Awaited<ReturnType<DataPorts["leads"]["submit"]>>) {
  const context = new RouterContextProvider();
  context.set(portsContext, { leads: { submit: async () => outcome } } as unknown as DataPorts);
  context.set(requestFlagsContext, { legacyGone: false, documentRequest: true, consent: UNDECIDED });
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ kind: "direct_contact", firstName: "Paula" }),
  });
  return leadAction({ request, context, params: {}, unstable_pattern: "" } as unknown as Parameters<typeof leadAction>[0]);
}

describe("the confirmation a plain form post is redirected to", () => {
  it.each([
    ["http://dealership.test/directcontact", "/directcontact?anfrage=K7M3-Q9PX"],
    ["http://dealership.test/ankauf?x=1", "/ankauf?x=1&anfrage=K7M3-Q9PX"],
    ["http://dealership.test//evil.example/x", "/evil.example/x?anfrage=K7M3-Q9PX"],
    ["http://dealership.test/\\evil.example/x", "/evil.example/x?anfrage=K7M3-Q9PX"],
    ["http://dealership.test/.//evil.example/x", "/evil.example/x?anfrage=K7M3-Q9PX"],
  ])("%s → %s (always a path on our origin)", async (url, location) => {
    const thrown = await run(url, { status: "accepted", leadId: "l", reference: "K7M3-Q9PX" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(location);
  });
});
