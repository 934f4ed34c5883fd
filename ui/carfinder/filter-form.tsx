import { useEffect, useId, useState, type ReactNode } from "react";
import { BRAND_NAMES } from "#domain/brands.ts";
import { OPTIONAL_FILTER_LABELS } from "#domain/equipment.ts";
import { useSiteSettings } from "#ui/site-context.tsx";
import { labelChoices, type Choice } from "#ui/forms/options.tsx";
import { MODEL_LINES } from "#domain/model-lines.ts";
import {
  BODY_STYLE_LABELS,
  CATEGORY_LABELS,
  COLOR_LABELS,
  CONDITION_LABELS,
  DRIVE_LABELS,
  FUEL_LABELS,
  PRICE_TYPE_LABELS,
  SORTING_LABELS,
  TRANSMISSION_LABELS,
} from "#domain/vehicle-labels.ts";
import { SORTINGS, type SearchQuery } from "#domain/vehicle-search-query.ts";
import type { SearchResult } from "#domain/vehicle-search-result.ts";
import { ACQUISITION_TYPES } from "#domain/vehicle-vocabulary.ts";
import { germanNumber } from "#domain/german-number.ts";

/** The list filters with a checkbox group of their own (the model groups are per brand). */
type ListFilterName = "category" | "brand" | "condition" | "bodystyle" | "fuel" | "transmission" | "drive" | "color" | "location";

function CheckboxGroup({
  name,
  legend,
  options,
  selected,
  counts,
}: {
  name: string;
  legend: string;
  options: Choice[];
  selected: string[];
  counts: Record<string, number>;
}) {
  const visible = options.filter((option) => (counts[option.value] ?? 0) > 0 || selected.includes(option.value));
  if (visible.length === 0) return null;
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      <ul>
        {visible.map((option) => (
          <li key={option.value}>
            <label>
              <input type="checkbox" name={name} value={option.value} checked={selected.includes(option.value)} onChange={() => {}} />
              {option.label} <span className="filter-group__count">({counts[option.value] ?? 0})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** A slider (filter kind "range"); at 0 it filters nothing and the parser drops it. */
function RangeField({
  name,
  label,
  value,
  max,
  step,
  unit,
}: {
  name: string;
  label: string;
  value: number | undefined;
  max: number;
  step: number;
  unit: string;
}) {
  const id = useId();
  const [current, setCurrent] = useState(value ?? 0);
  useEffect(() => setCurrent(value ?? 0), [value]);
  const text = current === 0 ? "beliebig" : `ab ${NUMBER.format(current)} ${unit}`;
  return (
    <div className="filter-range">
      {/* <output> is labelable too: the label names the slider by id, the output stays outside it. */}
      <label htmlFor={id}>{label}</label>
      <output htmlFor={id} aria-hidden="true">
        {text}
      </output>
      <input
        id={id}
        type="range"
        name={name}
        min={0}
        max={max}
        step={step}
        value={current}
        aria-valuetext={text}
        onChange={(event) => setCurrent(Number(event.target.value))}
      />
    </div>
  );
}

const SEAT_CHOICES = [2, 4, 5, 7, 9];

/** Seats as a radio group (filter kind "multi-radio"): one minimum at a time. */
function SeatsField({ value }: { value: number | undefined }) {
  return (
    <fieldset className="filter-group filter-group--radios">
      <legend>Sitzplätze</legend>
      <ul>
        <li>
          <label>
            <input type="radio" name="seats_min" value="" checked={value === undefined} onChange={() => {}} />
            Beliebig
          </label>
        </li>
        {SEAT_CHOICES.map((seats) => (
          <li key={seats}>
            <label>
              <input type="radio" name="seats_min" value={seats} checked={value === seats} onChange={() => {}} />
              ab {seats}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

const NUMBER = germanNumber();

/** A display setting (sorting, price display): changing it re-runs the search at once. */
function DisplaySelect<T extends string>({
  label,
  name,
  value,
  values,
  labels,
}: {
  label: string;
  name: string;
  value: T;
  values: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <label>
      <span>{label}</span>
      <select name={name} value={value} onChange={() => {}}>
        {values.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </label>
  );
}

function NumberField({ name, label, value, unit }: { name: string; label: string; value: number | undefined; unit: string }) {
  return (
    <label className="filter-number">
      <span>{label}</span>
      <span className="filter-number__input">
        <input type="number" inputMode="numeric" name={name} min={0} defaultValue={value ?? ""} key={value ?? "empty"} />
        <span aria-hidden="true">{unit}</span>
      </span>
    </label>
  );
}

/**
 * The carfinder filters as one GET form: without JavaScript it submits to the same URL;
 * with JavaScript the page applies checkbox and select changes at once, and a typed value when
 * the visitor moves on to another control (see carfinder-page). `children` replaces the submit
 * button (the phone's drawer puts its own there).
 */
export function FilterForm({
  query,
  result,
  scopeBrand,
  locations,
  action,
  onApply,
  children,
}: {
  query: SearchQuery;
  result: SearchResult;
  scopeBrand: string | null;
  locations: Choice[];
  action: string;
  /** `focused`: the control the visitor is on, kept in place on screen while the lists change. */
  onApply: (form: HTMLFormElement, focused?: Element | null) => void;
  children?: ReactNode;
}) {
  // The brands, equipment filters, price display and custom filters the site settings offer.
  const { config, stock } = useSiteSettings();
  const modelBrands = scopeBrand ? [scopeBrand] : query.brand.length > 0 && query.brand.length <= 2 ? query.brand : [];
  /** A checkbox group for one list filter: the query's selection and the result's counts by that name. */
  const facet = (name: ListFilterName, legend: string, choices: Choice[]) => (
    <CheckboxGroup name={name} legend={legend} options={choices} selected={query[name]} counts={result.facets[name] ?? {}} />
  );
  return (
    <form
      className="filter-form"
      method="get"
      action={action}
      aria-label="Fahrzeuge filtern"
      onChange={(event) => {
        const target = event.target;
        const instant =
          target instanceof HTMLSelectElement ||
          (target instanceof HTMLInputElement && ["checkbox", "radio", "range"].includes(target.type));
        if (instant) onApply(event.currentTarget);
      }}
      onBlur={(event) => {
        // A typed price or search term counts at once when the visitor goes on to another control
        // (the drawer's button shows the new total); leaving the form leaves it to the submit.
        const { target, relatedTarget } = event;
        if (
          target instanceof HTMLInputElement &&
          target.value !== target.defaultValue &&
          event.currentTarget.contains(relatedTarget as Node | null)
        )
          onApply(event.currentTarget, relatedTarget);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(event.currentTarget);
      }}
    >
      <div className="filter-form__display">
        <DisplaySelect label="Sortierung" name="sorting" value={query.sorting} values={SORTINGS} labels={SORTING_LABELS} />
        {stock.multiPrice ? (
          <DisplaySelect
            label="Preisanzeige"
            name="pricetype"
            value={query.priceType}
            values={ACQUISITION_TYPES}
            labels={PRICE_TYPE_LABELS}
          />
        ) : null}
      </div>
      <label className="filter-search">
        <span>Suchbegriff</span>
        <input type="search" name="q" defaultValue={query.q} key={query.q} placeholder="z. B. GLC 300" maxLength={80} />
      </label>
      {facet("category", "Fahrzeugart", labelChoices(CATEGORY_LABELS))}
      {scopeBrand
        ? null
        : facet(
            "brand",
            "Marke",
            config.brands.map((brand) => ({ value: brand, label: BRAND_NAMES[brand] })),
          )}
      {modelBrands.map((brand) => (
        <CheckboxGroup
          key={brand}
          name="model"
          legend={`Modell ${BRAND_NAMES[brand as keyof typeof BRAND_NAMES]}`}
          options={labelChoices(MODEL_LINES[brand as keyof typeof MODEL_LINES])}
          selected={query.model}
          counts={result.facets.model ?? {}}
        />
      ))}
      {facet("condition", "Zustand", labelChoices(CONDITION_LABELS))}
      {facet("bodystyle", "Karosserie", labelChoices(BODY_STYLE_LABELS))}
      {facet("fuel", "Kraftstoff", labelChoices(FUEL_LABELS))}
      <fieldset className="filter-group filter-group--ranges">
        <legend>Preis, Laufleistung, Alter, Leistung</legend>
        <NumberField name="price_min" label="Preis ab" value={query.ranges.price?.min} unit="€" />
        <NumberField name="price_max" label="Preis bis" value={query.ranges.price?.max} unit="€" />
        <NumberField name="mileage_max" label="Kilometerstand bis" value={query.ranges.mileage?.max} unit="km" />
        <NumberField name="year_min" label="Baujahr ab" value={query.ranges.year?.min} unit="" />
        <RangeField name="power_min" label="Leistung" value={query.ranges.power?.min} max={600} step={10} unit="PS" />
        {stock.customFilters.includes("wheels") ? (
          <NumberField name="wheels_min" label="Leichtmetallfelgen ab" value={query.ranges.wheels?.min} unit="Zoll" />
        ) : null}
      </fieldset>
      <SeatsField value={query.ranges.seats?.min} />
      {facet("transmission", "Getriebe", labelChoices(TRANSMISSION_LABELS))}
      {facet("drive", "Antrieb", labelChoices(DRIVE_LABELS))}
      {facet("color", "Außenfarbe", labelChoices(COLOR_LABELS))}
      {facet("location", "Standort", locations)}
      {stock.optionalFilters.length > 0 ? (
        <fieldset className="filter-group">
          <legend>Ausstattung</legend>
          <ul>
            {stock.optionalFilters.map((feature) => (
              <li key={feature}>
                <label className="filter-toggle">
                  <input
                    type="checkbox"
                    // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox input states its checked state natively; aria-checked would repeat it
                    role="switch"
                    name={feature}
                    value="1"
                    checked={query.features.includes(feature)}
                    onChange={() => {}}
                  />
                  {OPTIONAL_FILTER_LABELS[feature]} <span className="filter-group__count">({result.features[feature] ?? 0})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {children ?? (
        <button type="submit" className="button button--primary button--medium filter-form__submit">
          Ergebnisse anzeigen
        </button>
      )}
    </form>
  );
}
