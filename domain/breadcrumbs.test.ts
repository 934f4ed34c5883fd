import { expect, it } from "vitest";
import { buildBreadcrumbs } from "./breadcrumbs.ts";

it("starts at home and labels known segments in German", () => {
  expect(buildBreadcrumbs("/mercedes-benz/modelle/g-klasse", "Mercedes-Benz G-Klasse")).toEqual([
    { path: "/", label: "Startseite", linkable: true },
    { path: "/mercedes-benz", label: "Mercedes-Benz", linkable: false },
    { path: "/mercedes-benz/modelle", label: "Modelle", linkable: true },
    { path: "/mercedes-benz/modelle/g-klasse", label: "Mercedes-Benz G-Klasse", linkable: true },
  ]);
});

it("falls back to title case for editorial segments", () => {
  expect(buildBreadcrumbs("/werkstatt/konstant-guenstig").map((crumb) => crumb.label)).toEqual([
    "Startseite",
    "Werkstatt",
    "Konstant Guenstig",
  ]);
});

it("home alone has a single crumb", () => {
  expect(buildBreadcrumbs("/")).toHaveLength(1);
});

it("a vehicle segment reads as the vehicle's title when the page knows it", () => {
  const crumbs = buildBreadcrumbs("/carfinder/100001-1-mercedes-benz-a-180/probefahrt", undefined, {
    "/carfinder/100001-1-mercedes-benz-a-180": "Mercedes-Benz A 180",
  });
  expect(crumbs.map((crumb) => crumb.label)).toEqual(["Startseite", "Fahrzeugsuche", "Mercedes-Benz A 180", "Probefahrt"]);
});

it("a segment named after Object.prototype is an ordinary segment, never a label object or function", () => {
  for (const segment of ["constructor", "__proto__", "toString"]) {
    const crumbs = buildBreadcrumbs(`/hyundai/modelle/${segment}`);
    expect(typeof crumbs.at(-1)!.label, segment).toBe("string");
  }
});

it("the lease and finance sections read in German and are pages of their own", () => {
  const crumbs = buildBreadcrumbs("/hyundai/stock/business-finance/100001-1-hyundai-tucson", "Hyundai Tucson");
  expect(crumbs.map((crumb) => crumb.label)).toEqual(["Startseite", "Hyundai", "Stock", "Gewerbe-Finanzierung", "Hyundai Tucson"]);
  expect(crumbs[3]).toEqual({ path: "/hyundai/stock/business-finance", label: "Gewerbe-Finanzierung", linkable: true });
  expect(buildBreadcrumbs("/stock/private-finance")[2]).toEqual({
    path: "/stock/private-finance",
    label: "Privat-Finanzierung",
    linkable: true,
  });
});
