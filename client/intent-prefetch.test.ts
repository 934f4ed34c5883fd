import { afterEach, describe, expect, it, vi } from "vitest";
import type { RouteObject } from "react-router";
import { routes } from "#routes/route-table.ts";
import {
  connectionAllowsPrefetch,
  createIntentPrefetch,
  HOVER_DELAY_MS,
  listenForIntent,
  routeWarmer,
  vehicleTargetOf,
  type ConnectionHints,
  type VehicleTarget,
} from "./intent-prefetch.ts";

const BASE = "https://dealership.test/carfinder";
const VEHICLE = "/carfinder/100001-1-mercedes-benz-a-180-progressive";

afterEach(() => {
  vi.useRealTimers();
});

describe("which links are warmed", () => {
  it.each([
    VEHICLE,
    "carfinder/100001-1-mercedes-benz-a-180-progressive",
    "https://dealership.test/mercedes-benz/carfinder/100001-1-mercedes-benz-a-180-progressive",
    `${VEHICLE}#galerie`,
    "/stock/private-lease/100001-1-mercedes-benz-a-180-progressive",
    "/smart/stock/business-finance/100001-1-smart-fortwo",
  ])("a vehicle page: %s", (href) => {
    const target = vehicleTargetOf(href, BASE, routes);
    expect(["routes/vehicle-detail-page.tsx", "routes/offer-detail-page.tsx"]).toContain(target?.match.route.handle?.module);
  });

  it.each([
    null,
    "",
    "https://other.test/carfinder/100001-1-mercedes-benz-a-180-progressive",
    "http://dealership.test/carfinder/100001-1-mercedes-benz-a-180-progressive",
    `${VEHICLE}?anfrage=K7M3-Q9PX`,
    `${VEHICLE}/probefahrt`,
    `${VEHICLE}/interesse`,
    "/carfinder/vergleichen",
    "/carfinder/favoriten",
    "/carfinder?marke=smart",
    "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator",
    "/admin/redirects",
    "/impressum",
    "mailto:verkauf@example.test",
    "javascript:alert(1)",
    "http://[::1",
  ])("not %s", (href) => {
    expect(vehicleTargetOf(href, BASE, routes)).toBeNull();
  });

  it.each<[ConnectionHints | undefined, boolean]>([
    [undefined, true],
    [{ effectiveType: "4g" }, true],
    [{ effectiveType: "3g", saveData: false }, true],
    [{ effectiveType: "4g", saveData: true }, false],
    [{ effectiveType: "2g" }, false],
    [{ effectiveType: "slow-2g" }, false],
  ])("connection %o allows it: %s", (connection, allowed) => {
    expect(connectionAllowsPrefetch(connection)).toBe(allowed);
  });
});

describe("intent prefetch", () => {
  it("warms each vehicle page once, and nothing with Save-Data", () => {
    const warm = vi.fn(async (_target: VehicleTarget) => undefined);
    let connection: ConnectionHints = { saveData: true };
    const prefetch = createIntentPrefetch({ routes, base: () => BASE, connection: () => connection, warm });
    expect(prefetch(VEHICLE)).toBe(false);
    connection = { effectiveType: "4g" };
    expect(prefetch(VEHICLE)).toBe(true);
    expect(prefetch(`https://dealership.test${VEHICLE}`)).toBe(false);
    expect(prefetch(`${VEHICLE}#galerie`)).toBe(false);
    expect(prefetch("/carfinder/vergleichen")).toBe(false);
    expect(prefetch("/carfinder/100002-1-smart-fortwo")).toBe(true);
    expect(warm.mock.calls.map(([target]) => target.url.pathname)).toEqual([VEHICLE, "/carfinder/100002-1-smart-fortwo"]);
  });

  it("a failed warm-up is swallowed (the click loads as it would have)", async () => {
    const prefetch = createIntentPrefetch({
      routes,
      base: () => BASE,
      connection: () => undefined,
      warm: () => Promise.reject(new Error("offline")),
    });
    expect(prefetch(VEHICLE)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("loads the route's lazy module, then runs its loader with the router's context and the params", async () => {
    const loader = vi.fn(() => ({ ok: true }));
    const lazy = vi.fn(async () => ({ loader }));
    const table: RouteObject[] = [{ path: "/carfinder/:vehicle", handle: { module: "routes/vehicle-detail-page.tsx" }, lazy }];
    const target = vehicleTargetOf(VEHICLE, BASE, table);
    if (!target) throw new Error("no target");
    const context = { ports: "browser" };
    await expect(routeWarmer(() => context as never)(target)).resolves.toEqual({ ok: true });
    expect(lazy).toHaveBeenCalledOnce();
    const [args] = loader.mock.calls[0] as unknown as [{ request: Request; params: unknown; context: unknown }];
    expect(args.request.url).toBe(`https://dealership.test${VEHICLE}`);
    expect(args.params).toEqual({ vehicle: "100001-1-mercedes-benz-a-180-progressive" });
    expect(args.context).toBe(context);
  });
});

/** Enough of a document and its links for the listeners. */
function fakePage() {
  const handlers = new Map<string, (event: unknown) => void>();
  const doc = { addEventListener: (type: string, handler: (event: unknown) => void) => void handlers.set(type, handler) };
  const link = (href: string) => {
    const element = {
      getAttribute: () => href,
      closest: () => element,
      contains: (other: unknown) => other === element || other === child,
    };
    const child = { closest: () => element };
    return { element, child };
  };
  const fire = (type: string, event: Record<string, unknown>) => handlers.get(type)?.(event);
  return { doc, link, fire };
}

describe("intent events", () => {
  it("a resting mouse pointer counts after the delay; passing over does not", () => {
    vi.useFakeTimers();
    const { doc, link, fire } = fakePage();
    const prefetch = vi.fn();
    listenForIntent(doc, prefetch);
    const a = link("/a");
    const b = link("/b");
    fire("pointerover", { target: a.child, pointerType: "mouse" });
    vi.advanceTimersByTime(HOVER_DELAY_MS - 10);
    fire("pointerout", { target: a.child, relatedTarget: b.element });
    fire("pointerover", { target: b.element, pointerType: "mouse" });
    // Moving inside the link keeps the intent.
    fire("pointerout", { target: b.element, relatedTarget: b.child });
    fire("pointerover", { target: b.child, pointerType: "mouse" });
    vi.advanceTimersByTime(HOVER_DELAY_MS);
    expect(prefetch.mock.calls).toEqual([["/b"]]);
  });

  it("a touch counts at once (and its pointerover is not a hover); keyboard focus after the delay", () => {
    vi.useFakeTimers();
    const { doc, link, fire } = fakePage();
    const prefetch = vi.fn();
    listenForIntent(doc, prefetch);
    const a = link("/a");
    fire("pointerover", { target: a.element, pointerType: "touch" });
    fire("touchstart", { target: a.child });
    vi.advanceTimersByTime(HOVER_DELAY_MS);
    expect(prefetch.mock.calls).toEqual([["/a"]]);
    fire("focusin", { target: link("/c").element });
    vi.advanceTimersByTime(HOVER_DELAY_MS);
    expect(prefetch.mock.calls).toEqual([["/a"], ["/c"]]);
    fire("touchstart", { target: { nodeType: 3 } });
    expect(prefetch).toHaveBeenCalledTimes(2);
  });
});
