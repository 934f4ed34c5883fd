import { useEffect, useState } from "react";
import { BRAND_NAMES, type BrandKey } from "#domain/brands.ts";
import type { LocationSummary } from "#domain/data-schemas.ts";
import {
  APPOINTMENT_WINDOW_DAYS,
  CONTACT_PREFERENCE_LABELS,
  CONTACT_PREFERENCES,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  INTEREST_TOPIC_LABELS,
  INTEREST_TOPICS,
  MOBILITY_LABELS,
  MOBILITY_OPTIONS,
  SALUTATION_LABELS,
  SALUTATIONS,
  TIME_OF_DAY_LABELS,
  TIMES_OF_DAY,
  TRADE_IN_PHOTOS,
  WORKSHOP_SERVICE_LABELS,
  WORKSHOP_SERVICES,
} from "#domain/lead-vocabulary.ts";
import { CheckboxField, ChoiceGroup, FieldRow, PrivacyConsent, SelectField, TextArea, TextField } from "#ui/forms/form-fields.tsx";
import { LeadForm, type LeadFormProps } from "#ui/forms/lead-form.tsx";
import type { Choice } from "#ui/forms/options.tsx";

/**
 * The site's own lead forms: test drive (vehicle or model), interest in a vehicle,
 * contact about a model, direct contact, trade-in with the licence-plate block, workshop
 * appointment request. Field names are the keys of domain/lead-schemas.ts.
 */

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>): Choice[] =>
  keys.map((value) => ({ value, label: labels[value] }));

/** The centers as the options of a location select. */
/** The fixed choices of the forms' selects and groups, by field name, in the vocabulary's order. */
const CHOICES = {
  salutation: options(SALUTATIONS, SALUTATION_LABELS),
  timeOfDay: options(TIMES_OF_DAY, TIME_OF_DAY_LABELS),
  contactPreference: options(CONTACT_PREFERENCES, CONTACT_PREFERENCE_LABELS),
  interests: options(INTEREST_TOPICS, INTEREST_TOPIC_LABELS),
  topic: options(CONTACT_TOPICS, CONTACT_TOPIC_LABELS),
  services: options(WORKSHOP_SERVICES, WORKSHOP_SERVICE_LABELS),
  mobility: options(MOBILITY_OPTIONS, MOBILITY_LABELS),
};

const locationOptions = (locations: readonly LocationSummary[]): Choice[] =>
  locations.map((location) => ({ value: location.slug, label: `${location.name}, ${location.city}` }));

/** The centers that sell the brand; all of them when none does. */
function centersFor(brand: BrandKey, locations: LocationSummary[]): LocationSummary[] {
  const selling = locations.filter((location) => location.brands.includes(brand));
  return selling.length > 0 ? selling : locations;
}

const CONTACT_LABELS = {
  salutation: "Anrede",
  firstName: "Vorname",
  lastName: "Nachname",
  email: "E-Mail-Adresse",
  phone: "Telefonnummer",
  message: "Ihre Nachricht",
  privacyAccepted: "Einwilligung",
  form: "Formular",
  idempotencyKey: "Formular",
  vehicleId: "Fahrzeug",
};

const APPOINTMENT_LABELS = {
  location: "Standort",
  preferredDate1: "Wunschtermin",
  preferredDate2: "Alternativtermin 1",
  preferredDate3: "Alternativtermin 2",
  timeOfDay: "Tageszeit",
};

const PLATE_LABELS = {
  licensePlate: "Kennzeichen",
  make: "Marke",
  model: "Modell",
  mileage: "Kilometerstand",
  firstRegistration: "Erstzulassung",
};

type FormCopy = Pick<LeadFormProps, "formId" | "labels" | "submitLabel" | "confirmation" | "withFiles">;

/**
 * What each kind of form says and is called: its id (analytics form_id, field ids), the field labels of its error summary, its submit button and its confirmation.
 */
const FORMS = {
  test_drive: {
    formId: "test-drive-vehicle",
    labels: { ...CONTACT_LABELS, ...APPOINTMENT_LABELS, drivingLicence: "Führerschein" },
    submitLabel: "Probefahrt anfragen",
    confirmation:
      "Wir prüfen Ihren Wunschtermin und bestätigen ihn Ihnen in der Regel innerhalb eines Werktags telefonisch oder per E-Mail.",
  },
  interest: {
    formId: "interest-vehicle",
    labels: { ...CONTACT_LABELS, contactPreference: "Kontaktweg", interests: "Weitere Themen" },
    submitLabel: "Anfrage senden",
    confirmation: "Ihr Ansprechpartner am Standort meldet sich in der Regel innerhalb eines Werktags bei Ihnen.",
  },
  model_contact: {
    formId: "contact-model",
    labels: { ...CONTACT_LABELS, location: "Standort" },
    submitLabel: "Frage senden",
    confirmation: "Unsere Produktexperten melden sich in der Regel innerhalb eines Werktags bei Ihnen.",
  },
  direct_contact: {
    formId: "direct-contact",
    labels: { ...CONTACT_LABELS, topic: "Thema", location: "Standort" },
    submitLabel: "Nachricht senden",
    confirmation: "Wir leiten Ihre Nachricht an die richtige Abteilung weiter und melden uns in der Regel innerhalb eines Werktags.",
  },
  trade_in: {
    formId: "trade-in",
    labels: { ...CONTACT_LABELS, ...PLATE_LABELS, photos: "Fotos" },
    submitLabel: "Bewertung anfragen",
    withFiles: true,
    confirmation: "Unsere Ankaufsexperten melden sich in der Regel innerhalb eines Werktags mit einer ersten Einschätzung.",
  },
  workshop_appointment: {
    formId: "workshop-appointment",
    labels: { ...CONTACT_LABELS, ...APPOINTMENT_LABELS, ...PLATE_LABELS, services: "Leistungen", mobility: "Mobilität" },
    submitLabel: "Termin anfragen",
    confirmation: "Ihr Serviceberater bestätigt Ihnen den Termin in der Regel innerhalb eines Werktags.",
  },
} satisfies Record<LeadFormProps["kind"], FormCopy>;

/** A lead form of one kind: what {@link FORMS} says for it, then what this use sets (title, hidden fields, analytics, another id). */
function KindForm({ kind, ...props }: Pick<LeadFormProps, "kind" | "title" | "children"> & Partial<LeadFormProps>) {
  return <LeadForm kind={kind} {...FORMS[kind]} {...props} />;
}

function ContactFields({
  phoneRequired = false,
  messageRequired = false,
  messageLabel = "Ihre Nachricht",
}: {
  phoneRequired?: boolean;
  messageRequired?: boolean;
  messageLabel?: string;
}) {
  return (
    <fieldset className="lead-form__group">
      <legend>Ihre Kontaktdaten</legend>
      <SelectField name="salutation" label="Anrede" options={CHOICES.salutation} placeholder="Keine Angabe" />
      <FieldRow>
        <TextField name="firstName" label="Vorname" required autoComplete="given-name" maxLength={80} />
        <TextField name="lastName" label="Nachname" required autoComplete="family-name" maxLength={80} />
      </FieldRow>
      <FieldRow>
        <TextField name="email" label="E-Mail-Adresse" type="email" required autoComplete="email" inputMode="email" maxLength={200} />
        <TextField
          name="phone"
          label="Telefonnummer"
          type="tel"
          required={phoneRequired}
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          help="Zum Beispiel 040 123456 oder +49 40 123456."
        />
      </FieldRow>
      <TextArea name="message" label={messageLabel} required={messageRequired} />
      <PrivacyConsent />
    </fieldset>
  );
}

/** Tomorrow … +90 days for the date pickers, known only in the browser (cached HTML must not carry a stale day). */
function useAppointmentBounds(): { min?: string; max?: string } {
  const [bounds, setBounds] = useState<{ min?: string; max?: string }>({});
  useEffect(() => {
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
    };
    setBounds({ min: day(1), max: day(APPOINTMENT_WINDOW_DAYS) });
  }, []);
  return bounds;
}

function AppointmentFields({ locations }: { locations?: LocationSummary[] | undefined }) {
  const { min, max } = useAppointmentBounds();
  return (
    <fieldset className="lead-form__group">
      <legend>Ihr Wunschtermin</legend>
      {locations ? <SelectField name="location" label="Standort" required options={locationOptions(locations)} /> : null}
      <FieldRow>
        <TextField
          name="preferredDate1"
          label="Wunschtermin"
          type="date"
          required
          min={min}
          max={max}
          help="Montag bis Samstag, ab morgen."
        />
        <TextField name="preferredDate2" label="Alternativtermin 1" type="date" min={min} max={max} />
        <TextField name="preferredDate3" label="Alternativtermin 2" type="date" min={min} max={max} />
      </FieldRow>
      <ChoiceGroup name="timeOfDay" legend="Bevorzugte Tageszeit" type="radio" required options={CHOICES.timeOfDay} />
    </fieldset>
  );
}

/** The licence-plate block (spec: stock blocks "trade-in, license plate"): plate, make, model, mileage. */
function LicensePlateFields({ withRegistration, licensePlate }: { withRegistration: boolean; licensePlate?: string | undefined }) {
  return (
    <fieldset className="lead-form__group">
      <legend>Ihr Fahrzeug</legend>
      <TextField
        name="licensePlate"
        label="Kennzeichen"
        className="license-plate"
        prefix="D"
        required
        autoComplete="off"
        placeholder="HH-AB 1234"
        maxLength={12}
        help="Mit Bindestrich nach dem Ortskürzel, z. B. HH-AB 1234."
        defaultValue={licensePlate}
      />
      <FieldRow>
        <TextField name="make" label="Marke" required maxLength={60} />
        <TextField name="model" label="Modell" required={withRegistration} maxLength={80} />
      </FieldRow>
      <FieldRow>
        {withRegistration ? (
          <TextField
            name="firstRegistration"
            label="Erstzulassung (Monat/Jahr)"
            type="month"
            required
            help="Steht in Feld B der Zulassungsbescheinigung Teil I."
          />
        ) : null}
        <TextField name="mileage" label="Kilometerstand" type="number" inputMode="numeric" required={withRegistration} min="0" />
      </FieldRow>
    </fieldset>
  );
}

export function TestDriveForm({
  vehicle,
  model,
  locations,
}: {
  vehicle?: { id: number; title: string; locationSlug: string };
  model?: { brand: BrandKey; model: string; name: string };
  locations?: LocationSummary[];
}) {
  const hidden: Record<string, string> = vehicle
    ? { vehicleId: String(vehicle.id) }
    : model
      ? { brand: model.brand, model: model.model }
      : {};
  return (
    <KindForm
      kind="test_drive"
      title="Probefahrt anfragen"
      {...(vehicle ? {} : { formId: "test-drive-model" })}
      hidden={hidden}
      analytics={vehicle ? { vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug } : { model_id: model?.model }}
    >
      <AppointmentFields locations={model && locations ? centersFor(model.brand, locations) : undefined} />
      <CheckboxField name="drivingLicence" required label="Ich besitze einen gültigen Führerschein und bringe ihn zur Probefahrt mit." />
      <ContactFields phoneRequired />
    </KindForm>
  );
}

export function InterestForm({ vehicle }: { vehicle: { id: number; locationSlug: string } }) {
  return (
    <KindForm
      kind="interest"
      title="Interesse an diesem Fahrzeug"
      hidden={{ vehicleId: String(vehicle.id) }}
      analytics={{ vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug }}
    >
      <ChoiceGroup
        name="contactPreference"
        legend="Wie dürfen wir Sie kontaktieren?"
        type="radio"
        defaultValue="email"
        options={CHOICES.contactPreference}
      />
      <ChoiceGroup name="interests" legend="Ich interessiere mich auch für" type="checkbox" options={CHOICES.interests} />
      <ContactFields messageLabel="Ihre Fragen zum Fahrzeug" />
    </KindForm>
  );
}

export function ModelContactForm({
  brand,
  model,
  modelName,
  locations,
}: {
  brand: BrandKey;
  model: string;
  modelName: string;
  locations: LocationSummary[];
}) {
  return (
    <KindForm
      kind="model_contact"
      title={`Ihre Frage zum ${BRAND_NAMES[brand]} ${modelName}`}
      hidden={{ brand, model }}
      analytics={{ model_id: model }}
    >
      <SelectField
        name="location"
        label="Gewünschter Standort"
        options={locationOptions(centersFor(brand, locations))}
        placeholder="Egal, der nächste"
      />
      <ContactFields messageRequired messageLabel="Ihre Frage" />
    </KindForm>
  );
}

export function DirectContactForm({ locations }: { locations: LocationSummary[] }) {
  return (
    <KindForm kind="direct_contact" title="Schreiben Sie uns">
      <SelectField name="topic" label="Worum geht es?" required options={CHOICES.topic} />
      <SelectField name="location" label="Standort" options={locationOptions(locations)} placeholder="Egal, der nächste" />
      <ContactFields messageRequired messageLabel="Ihr Anliegen" />
    </KindForm>
  );
}

export function TradeInForm({
  vehicleId,
  title = "Ihr Fahrzeug bewerten lassen",
  licensePlate,
}: {
  vehicleId?: number;
  title?: string;
  licensePlate?: string | undefined;
}) {
  const maxMegabytes = TRADE_IN_PHOTOS.maxBytes / (1024 * 1024);
  return (
    <KindForm kind="trade_in" title={title} hidden={vehicleId ? { vehicleId: String(vehicleId) } : {}}>
      <LicensePlateFields withRegistration licensePlate={licensePlate} />
      <div className="lead-form__field">
        <label htmlFor="trade-in-photos">
          Fotos Ihres Fahrzeugs <span className="lead-form__optional">(optional)</span>
        </label>
        <input
          id="trade-in-photos"
          type="file"
          name="photos"
          accept={TRADE_IN_PHOTOS.types.join(",")}
          multiple
          aria-describedby="trade-in-photos-help"
        />
        <p id="trade-in-photos-help" className="lead-form__help">
          Bis zu {TRADE_IN_PHOTOS.maxCount} Bilder (JPEG, PNG oder WebP), je höchstens {maxMegabytes} MB. Außen rundum, Innenraum und
          Tachostand helfen uns am meisten.
        </p>
      </div>
      <ContactFields />
    </KindForm>
  );
}

export function WorkshopAppointmentForm({
  locations,
  title = "Werkstatttermin anfragen",
}: {
  locations: LocationSummary[];
  title?: string;
}) {
  return (
    <KindForm kind="workshop_appointment" title={title}>
      <LicensePlateFields withRegistration={false} />
      <ChoiceGroup name="services" legend="Welche Leistungen benötigen Sie?" type="checkbox" required options={CHOICES.services} />
      <AppointmentFields locations={locations} />
      <ChoiceGroup name="mobility" legend="Mobilität während des Termins" type="radio" defaultValue="none" options={CHOICES.mobility} />
      <ContactFields phoneRequired />
    </KindForm>
  );
}
