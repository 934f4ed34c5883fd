import { describe, expect, test } from "vitest";
import { berlinToday, fieldErrorsOf, formDataToLeadInput, leadFieldNames, leadSchemaFor, leadSubmissionSchema } from "./lead-schemas.ts";
import { CONTROL_CHARACTER_MESSAGE } from "./text-lines.ts";

const TODAY = "2026-11-23"; // a Monday
const contact = { firstName: "Erika", lastName: "Mustermann", email: "erika@example.de", phone: "040 123456", privacyAccepted: true };
const envelope = { idempotencyKey: "0b7f2c1e-8a7d-4c1f-9a55-3f1f2d0e9b11", website: "" };

/** A submission of `kind` with the envelope and a valid contact; `fields` add to or override them. */
const lead = <Fields extends object>(kind: string, fields: Fields) => ({ kind, ...envelope, ...contact, ...fields });

function errorsOf(input: unknown): Record<string, string> {
  const result = leadSubmissionSchema(TODAY).safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("test drive", () => {
  const valid = lead("test_drive", { vehicleId: "100001", preferredDate1: "2026-11-24", timeOfDay: "morning", drivingLicence: true });

  test("a complete test drive for a vehicle is accepted, the id becomes a number", () => {
    const result = leadSubmissionSchema(TODAY).parse(valid);
    expect(result).toMatchObject({ kind: "test_drive", vehicleId: 100001, preferredDate1: "2026-11-24" });
  });

  test("dates: tomorrow at the earliest, no Sundays, within 90 days, real days only", () => {
    expect(errorsOf({ ...valid, preferredDate1: "2026-11-23" }).preferredDate1).toMatch(/zwischen morgen/);
    expect(errorsOf({ ...valid, preferredDate1: "2026-11-29" }).preferredDate1).toMatch(/Sonntags/);
    expect(errorsOf({ ...valid, preferredDate1: "2027-03-01" }).preferredDate1).toMatch(/90 Tagen/);
    expect(errorsOf({ ...valid, preferredDate1: "2026-02-30" }).preferredDate1).toMatch(/gültiges Datum/);
    expect(errorsOf({ ...valid, preferredDate1: "" }).preferredDate1).toBe("Bitte wählen Sie einen Wunschtermin.");
    expect(errorsOf({ ...valid, preferredDate2: "" })).toEqual({});
  });

  test("a model test drive needs brand, model and a location; phone and driving licence are required", () => {
    const model = { ...valid, vehicleId: undefined, brand: "hyundai", model: "kona" };
    expect(errorsOf(model).location).toBe("Bitte wählen Sie einen Standort.");
    expect(errorsOf({ ...model, location: "center-goslar" })).toEqual({});
    expect(errorsOf({ ...valid, phone: "" }).phone).toMatch(/Telefonnummer/);
    expect(errorsOf({ ...valid, drivingLicence: false }).drivingLicence).toMatch(/Führerschein/);
    expect(errorsOf({ ...valid, brand: "hyundai", model: "kona" }).vehicleId).toMatch(/Fahrzeug oder ein Modell/);
  });
});

describe("contact fields", () => {
  const valid = lead("direct_contact", { topic: "service", message: "Bitte rufen Sie mich an." });

  test.each<[change: Partial<typeof valid>, errors: Record<string, string>]>([
    [{ firstName: "" }, { firstName: "Bitte geben Sie Ihren Vornamen ein." }],
    [{ lastName: "  " }, { lastName: "Bitte geben Sie Ihren Nachnamen ein." }],
    [{ email: "erika@" }, { email: "Bitte geben Sie eine gültige E-Mail-Adresse ein." }],
    [{ phone: "abc" }, { phone: "Bitte geben Sie eine gültige Telefonnummer ein, z. B. 040 123456." }],
    [{ message: "" }, { message: "Bitte schreiben Sie uns Ihr Anliegen." }],
    [{ topic: "spam" }, { topic: "Bitte wählen Sie ein Thema." }],
    [{ firstName: "Erika\r\nBcc: x@evil.example" }, { firstName: CONTROL_CHARACTER_MESSAGE }],
    [{ lastName: "Muster\nmann" }, { lastName: CONTROL_CHARACTER_MESSAGE }],
    [{ lastName: "Muster\u2028mann" }, { lastName: CONTROL_CHARACTER_MESSAGE }],
    [{ message: "Zeile\u0000" }, { message: CONTROL_CHARACTER_MESSAGE }],
  ])("%j is refused, naming that field only: %j", (change, errors) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(errors);
  });

  test("a message keeps its lines; leading and trailing line breaks of a name are trimmed away", () => {
    expect(errorsOf({ ...valid, message: "Guten Tag,\r\n\tbitte rufen Sie mich an.\nDanke" })).toEqual({});
    expect(errorsOf({ ...valid, firstName: "\nErika\r\n" })).toEqual({});
    expect(errorsOf({ ...valid, lastName: "Muster\tmann", firstName: "Zoë-Ann O'Brien" })).toEqual({});
  });

  test("privacy consent must be given", () => {
    expect(errorsOf({ ...valid, privacyAccepted: false }).privacyAccepted).toMatch(/Verarbeitung Ihrer Angaben/);
  });

  test("an unknown kind or a missing idempotency key is refused", () => {
    expect(errorsOf({ ...valid, kind: "__proto__" }).kind).toBe("Unbekannte Anfrageart.");
    expect(errorsOf({ ...valid, idempotencyKey: "1" }).idempotencyKey).toMatch(/veraltet/);
  });

  test("unknown keys are dropped, a '__proto__' key never reaches the result", () => {
    const parsed = leadSchemaFor("direct_contact", TODAY).parse(
      JSON.parse(`{"__proto__":{"polluted":1},"extra":1,${JSON.stringify(valid).slice(1)}`),
    );
    expect(Object.keys(parsed)).not.toContain("extra");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("interest, trade-in and workshop", () => {
  test("interest by phone needs a phone number", () => {
    const interest = lead("interest", { vehicleId: 100001, contactPreference: "phone", interests: ["leasing"], phone: "" });
    expect(errorsOf(interest).phone).toMatch(/anrufen/);
    expect(errorsOf({ ...interest, phone: "+49 40 123456" })).toEqual({});
  });

  test("trade-in: plate format, first registration not in the future, mileage a whole number", () => {
    const tradeIn = lead("trade_in", {
      licensePlate: "hh-ab 1234",
      firstRegistration: "2019-05",
      mileage: "85000",
      make: "VW",
      model: "Golf",
    });
    expect(leadSubmissionSchema(TODAY).parse(tradeIn)).toMatchObject({ licensePlate: "HH-AB 1234", mileage: 85000 });
    expect(errorsOf({ ...tradeIn, licensePlate: "HHAB1234" }).licensePlate).toMatch(/HH-AB 1234/);
    expect(errorsOf({ ...tradeIn, firstRegistration: "2027-01" }).firstRegistration).toMatch(/zwischen 1950 und heute/);
    expect(errorsOf({ ...tradeIn, mileage: "12,5" }).mileage).toMatch(/Kilometerstand/);
  });

  test("workshop appointment needs a location and at least one service", () => {
    const appointment = lead("workshop_appointment", {
      location: "center-goslar",
      licensePlate: "GS-X 1",
      make: "Mercedes-Benz",
      services: ["inspection"],
      preferredDate1: "2026-11-25",
      timeOfDay: "any",
    });
    expect(errorsOf(appointment)).toEqual({});
    expect(errorsOf({ ...appointment, services: [] }).services).toMatch(/mindestens eine/);
    expect(errorsOf({ ...appointment, location: "" }).location).toBe("Bitte wählen Sie einen Standort.");
  });
});

test("a plain form post becomes the JSON shape: lists, booleans, content-form fields", () => {
  const form = new FormData();
  form.append("kind", "workshop_appointment");
  form.append("services", "inspection");
  form.append("services", "tyres");
  form.append("privacyAccepted", "on");
  form.append("__proto__", "x");
  expect(formDataToLeadInput(form)).toMatchObject({
    kind: "workshop_appointment",
    services: ["inspection", "tyres"],
    privacyAccepted: true,
    drivingLicence: false,
  });
  const content = new FormData();
  content.append("kind", "content_form");
  content.append("fields.contact.email", "a@b.de");
  content.append("fields.topics", "a");
  content.append("fields.topics", "b");
  expect(formDataToLeadInput(content).fields).toEqual({ "contact.email": "a@b.de", topics: ["a", "b"] });
});

test("today is the Berlin calendar day", () => {
  expect(berlinToday(new Date("2026-11-23T23:30:00Z"))).toBe("2026-11-24");
  expect(berlinToday(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
  expect(berlinToday(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
});

describe("the fields a form of a kind has", () => {
  test("its schema's keys, envelope included; none for a kind we do not know", () => {
    expect([...(leadFieldNames("direct_contact") ?? [])].sort()).toEqual(
      [
        "kind",
        "idempotencyKey",
        "website",
        "turnstileToken",
        "pagePath",
        "topic",
        "location",
        "salutation",
        "firstName",
        "lastName",
        "email",
        "phone",
        "message",
        "privacyAccepted",
      ].sort(),
    );
    expect(leadFieldNames("__proto__")).toBeNull();
    expect(leadFieldNames("constructor")).toBeNull();
    expect(leadFieldNames("spam")).toBeNull();
  });
});
