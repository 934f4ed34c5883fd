import { describe, expect, it } from "vitest";
import { createAnalytics, MAX_QUEUED_EVENTS } from "./analytics.ts";

describe("analytics consent gate", () => {
  it("pushes vm_ events with contract id and payload once consent is granted", () => {
    const layer: unknown[] = [];
    const analytics = createAnalytics(() => layer);
    analytics.decide("granted");
    analytics.track("view_vehicle_detail", { vehicle_id: "100001" });
    expect(layer).toEqual([{ event: "vm_view_vehicle_detail", contract_id: "vm_view_vehicle_detail", vehicle_id: "100001" }]);
  });

  it("queues events until the decision and sends them on consent", () => {
    const layer: unknown[] = [];
    const analytics = createAnalytics(() => layer);
    analytics.track("view_vehicle_overview");
    analytics.track("adjust_vehicle_overview_filter", { filter_name: "fuel", filter_value: ["diesel"] });
    expect(layer).toEqual([]);
    analytics.decide("granted");
    expect(layer).toHaveLength(2);
  });

  it("drops queued and later events when the visitor declines", () => {
    const layer: unknown[] = [];
    const analytics = createAnalytics(() => layer);
    analytics.track("view_vehicle_overview");
    analytics.decide("denied");
    analytics.track("view_vehicle_detail", { vehicle_id: "1" });
    expect(layer).toEqual([]);
  });

  it("keeps at most a bounded queue before a decision", () => {
    const layer: unknown[] = [];
    const analytics = createAnalytics(() => layer);
    for (let index = 0; index < MAX_QUEUED_EVENTS + 20; index += 1) analytics.track("page_view");
    analytics.decide("granted");
    expect(layer).toHaveLength(MAX_QUEUED_EVENTS);
  });

  it("revoking statistics later stops further events (the footer's Cookie-Einstellungen)", () => {
    const layer: unknown[] = [];
    const analytics = createAnalytics(() => layer);
    analytics.decide("granted");
    analytics.track("page_view");
    analytics.decide("denied");
    analytics.track("view_vehicle_detail", { vehicle_id: "1" });
    expect(layer).toHaveLength(1);
  });
});
