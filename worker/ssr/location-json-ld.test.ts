import { describe, expect, it } from "vitest";
import { DEMO_LOCATIONS } from "#kv-seed/demo-locations.ts";
import { get } from "../test-support/requests.ts";
import { locationJsonLd, organizationJsonLd } from "./location-json-ld.ts";

describe("a center's schema.org AutoDealer", () => {
  const goslar = DEMO_LOCATIONS.find((location) => location.slug === "center-goslar")!;

  it("address, geo, phone, the showroom's hours per day, holidays as closed days, its brands, the group", () => {
    const data = locationJsonLd(
      { ...goslar, brands: [...goslar.brands], services: [...(goslar.services ?? [])], social: [...(goslar.social ?? [])] },
      [{ date: "2026-12-25", name: "1. Weihnachtstag", label: "Fr, 25.12." }],
      "https://www.example.de/center/center-goslar",
    ) as unknown as Record<string, unknown>;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: goslar.name,
      url: "https://www.example.de/center/center-goslar",
      telephone: goslar.phone,
      address: {
        "@type": "PostalAddress",
        streetAddress: goslar.street,
        postalCode: goslar.postalCode,
        addressLocality: goslar.city,
        addressCountry: "DE",
      },
      geo: { "@type": "GeoCoordinates", latitude: goslar.latitude, longitude: goslar.longitude },
      specialOpeningHoursSpecification: [
        { "@type": "OpeningHoursSpecification", validFrom: "2026-12-25", validThrough: "2026-12-25", opens: "00:00", closes: "00:00" },
      ],
      parentOrganization: { "@type": "Organization", name: "Autohaus Gruppe Nord" },
    });
    const opening = data.openingHoursSpecification as Array<{ dayOfWeek: string; opens: string; closes: string }>;
    const monday = goslar.openingHours?.showroom.mon ?? [];
    expect(opening.filter((spec) => spec.dayOfWeek === "https://schema.org/Monday").map((spec) => [spec.opens, spec.closes])).toEqual(
      monday,
    );
    expect(data.brand).toEqual(goslar.brands.map(() => expect.objectContaining({ "@type": "Brand", name: expect.any(String) })));
  });

  it("the center's page carries it in its head, with the link-preview tags, as the server renders it", async () => {
    const html = await (await get("/center/center-goslar")).text();
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html.slice(0, html.indexOf("</head>")))?.[1];
    expect(JSON.parse(script ?? "null")).toMatchObject({
      "@type": "AutoDealer",
      name: goslar.name,
      url: "http://dealership.test/center/center-goslar",
    });
    expect(html).toContain('<meta property="og:url" content="http://dealership.test/center/center-goslar"/>');
  });

  it("the home page carries the group as an Organization with the brands the site carries", async () => {
    expect(organizationJsonLd("https://www.example.de/", ["hyundai", "constructor"])).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Autohaus Gruppe Nord",
      url: "https://www.example.de/",
      brand: [{ "@type": "Brand", name: "Hyundai" }],
    });
    const html = await (await get("/")).text();
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html.slice(0, html.indexOf("</head>")))?.[1];
    const data = JSON.parse(script ?? "null") as { "@type": string; brand: Array<{ name: string }> };
    expect(data["@type"]).toBe("Organization");
    expect(data.brand.map((brand) => brand.name)).toEqual(["Mercedes-Benz", "Aston Martin", "Hyundai", "smart", "Hymer", "Iveco"]);
  });
});
