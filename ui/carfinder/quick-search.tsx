import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { documentNavigate, useSiteNavigate } from "#ui/site-context.tsx";
import { BRAND_KEYS, BRAND_NAMES, isBrandKey, type BrandKey } from "#domain/brands.ts";
import { formParams } from "#ui/forms/form-params.ts";
import { labelChoices, Options, type Choice } from "#ui/forms/options.tsx";
import { MODEL_LINES } from "#domain/model-lines.ts";
import { PASSENGER_BODY_STYLES } from "#domain/vehicle-vocabulary.ts";
import { BODY_STYLE_LABELS, CONDITION_LABELS } from "#domain/vehicle-labels.ts";
import { parseSearchQuery, serializeSearchQuery } from "#domain/vehicle-search-query.ts";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { carfinderPath } from "#domain/site-paths.ts";
import { germanNumber } from "#domain/german-number.ts";

/**
 * Quick search blocks (spec "stock blocks: quick search variants (car company, default,
 * financial)"). Each is a plain GET form onto the carfinder, so it works without
 * JavaScript and the carfinder parses the same parameters as its own filter form
 * (domain/vehicle-search-query.ts). Changing a field reports adjust_vehicle_quicksearch_filter.
 */
export type QuickSearchVariant = "default" | "car-company" | "financial";

const PRICE_STEPS = [10_000, 20_000, 30_000, 40_000, 50_000, 75_000, 100_000, 150_000];
const RATE_STEPS = [200, 300, 400, 500, 750, 1_000, 1_500];
const EURO = germanNumber();
const FINANCIAL_PRICE_TYPES: readonly Choice[] = [
  { value: "private_lease", label: "Leasing (privat)" },
  { value: "business_lease", label: "Leasing (gewerblich)" },
  { value: "private_finance", label: "Finanzierung (privat)" },
  { value: "business_finance", label: "Finanzierung (gewerblich)" },
];

function reportChange(variant: QuickSearchVariant) {
  return (event: ChangeEvent<HTMLSelectElement>) => {
    trackEvent("adjust_vehicle_quicksearch_filter", {
      quicksearch_variant: variant,
      filter_name: event.target.name,
      filter_value: event.target.value,
    });
  };
}

interface SelectProps {
  id: string;
  label: string;
  name: string;
  choices: readonly Choice[];
  /** The first option, with the empty value ("Alle Marken", "Beliebig"). */
  empty?: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  defaultValue?: string;
}

function Select({ id, label, name, choices, empty, onChange, defaultValue = "" }: SelectProps) {
  return (
    <div className="quick-search__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue} onChange={onChange}>
        <Options choices={choices} empty={empty} />
      </select>
    </div>
  );
}

/** Price limits as options: "10.000 €". */
const euroSteps = (steps: readonly number[]): Choice[] => steps.map((step) => ({ value: String(step), label: `${EURO.format(step)} €` }));

/** Brand → model: the model list follows the chosen brand (all models of the group without one). */
function modelOptions(brand: BrandKey | "") {
  const brands = brand ? [brand] : BRAND_KEYS;
  return brands.flatMap((key) =>
    Object.entries(MODEL_LINES[key]).map(([value, label]) => ({ value, label: brand ? label : `${BRAND_NAMES[key]} ${label}` })),
  );
}

export function QuickSearch({
  variant = "default",
  brand,
  heading,
  idBase,
}: {
  variant?: QuickSearchVariant;
  brand?: BrandKey;
  heading?: string;
  idBase?: string;
}) {
  // An island (ADR 0017) takes its ids from the block: useId differs between document and island root.
  const reactId = useId();
  const id = idBase ?? reactId;
  const [chosenBrand, setChosenBrand] = useState<BrandKey | "">(brand ?? "");
  const onChange = reportChange(variant);
  /** A select of this form: its id from the form's, every change reported. */
  const field = (key: string, props: Omit<SelectProps, "id" | "onChange"> & Partial<Pick<SelectProps, "onChange">>) => (
    <Select id={`${id}-${key}`} onChange={onChange} {...props} />
  );
  const action = carfinderPath(variant === "car-company" ? brand : null);
  const navigate = useSiteNavigate() ?? documentNavigate;
  // With JavaScript the carfinder opens on its canonical URL (no empty parameters).
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const scope = variant === "car-company" && brand ? { brand } : {};
    const params = formParams(event.currentTarget);
    const search = serializeSearchQuery(parseSearchQuery(params, scope), scope).toString();
    navigate(`${action}${search ? `?${search}` : ""}`, {});
  }
  const title =
    heading ??
    (variant === "financial"
      ? "Nach Monatsrate suchen"
      : variant === "car-company" && brand
        ? `${BRAND_NAMES[brand]} finden`
        : "Schnellsuche");

  return (
    <form
      className={`quick-search quick-search--${variant}`}
      action={action}
      method="get"
      role="search"
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
    >
      <h2 id={`${id}-title`} className="quick-search__title">
        {title}
      </h2>
      {variant !== "car-company"
        ? field("brand", {
            label: "Marke",
            name: "brand",
            empty: "Alle Marken",
            choices: BRAND_KEYS.map((key) => ({ value: key, label: BRAND_NAMES[key] })),
            onChange: (event) => {
              const brand = event.target.value;
              setChosenBrand(isBrandKey(brand) ? brand : "");
              onChange(event);
            },
          })
        : null}
      {field("model", { label: "Modell", name: "model", empty: "Alle Modelle", choices: modelOptions(chosenBrand) })}
      {variant === "financial" ? (
        <>
          {field("pricetype", { label: "Angebotsart", name: "pricetype", defaultValue: "private_lease", choices: FINANCIAL_PRICE_TYPES })}
          {field("rate", { label: "Monatsrate bis", name: "price_max", empty: "Beliebig", choices: euroSteps(RATE_STEPS) })}
        </>
      ) : (
        <>
          {field("condition", { label: "Zustand", name: "condition", empty: "Neu und gebraucht", choices: labelChoices(CONDITION_LABELS) })}
          {variant === "default"
            ? field("body", {
                label: "Karosserieform",
                name: "bodystyle",
                empty: "Alle",
                choices: PASSENGER_BODY_STYLES.map((value) => ({ value, label: BODY_STYLE_LABELS[value] })),
              })
            : null}
          {field("price", { label: "Preis bis", name: "price_max", empty: "Beliebig", choices: euroSteps(PRICE_STEPS) })}
        </>
      )}
      <button type="submit" className="button button--primary button--large">
        Fahrzeuge finden
      </button>
    </form>
  );
}
