import { describe, expect, it } from "vitest";
import { appointmentsScriptSrc, appointmentsWidget } from "./appointments-service.ts";
import { appointmentOptions } from "#domain/appointment-options.ts";

const CONFIG = {
  scriptUrl: "/demo/appointments-widget.js",
  app: "agn-website",
  appCode: "demo",
  settings: "default",
  providerName: "Demo-Terminservice",
};

describe("appointments service adapter", () => {
  it("the script URL carries app, appcode, settings and autoenable=false (spec section 7)", () => {
    expect(appointmentsScriptSrc(CONFIG)).toBe(
      "/demo/appointments-widget.js?app=agn-website&appcode=demo&settings=default&autoenable=false",
    );
  });

  it("keeps a vendor URL's own query and encodes the values", () => {
    const src = appointmentsScriptSrc({ ...CONFIG, scriptUrl: "https://termine.example/widget.js?v=3", settings: "a&b=c" });
    expect(src).toBe("https://termine.example/widget.js?v=3&app=agn-website&appcode=demo&settings=a%26b%3Dc&autoenable=false");
  });

  it("sends only the options an editor set", () => {
    expect(
      appointmentOptions({ make: "mercedes-benz", location: undefined, product_category: "service", product_category_hidden: false }),
    ).toEqual({ make: "mercedes-benz", product_category: "service" });
    expect(appointmentOptions({ product_category: "testdrive", product_category_hidden: true })).toEqual({
      product_category: "testdrive",
      product_category_hidden: true,
    });
  });

  it("accepts the vendor global only when it has open and close", () => {
    const api = { open() {}, close() {} };
    expect(appointmentsWidget(api)).toBe(api);
    expect(appointmentsWidget({ open() {} })).toBeNull();
    expect(appointmentsWidget("AppointmentsWidget")).toBeNull();
    expect(appointmentsWidget(undefined)).toBeNull();
  });
});
