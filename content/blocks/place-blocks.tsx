import { useState } from "react";
import { Island } from "#ui/islands/island.tsx";
import { LocationCard } from "#ui/location/location-card.tsx";
import type { LocationGridBlock, LocationOverviewBlock } from "../block-schemas.ts";
import type { BlockRenderContext } from "../block-data.ts";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { isBrandKey, type BrandKey } from "#domain/brands.ts";
import type { LocationSummary } from "#domain/data-schemas.ts";
import type { BlockProps } from "./block-props.ts";
import { CardList, childLevel, SectionWithHeader } from "./block-parts.tsx";
import { BrandOptions } from "#ui/forms/brand-options.tsx";

/** Locations from the data the route resolved (BlockDataNeed "locations"); links to /center/{slug}. */

function locationsOf(uid: string, context: BlockRenderContext): LocationSummary[] | "error" {
  const entry = context.data[uid];
  if (entry?.kind === "error") return "error";
  return entry?.kind === "locations" ? entry.locations : [];
}

function LocationList({ locations, level }: { locations: LocationSummary[]; level: number }) {
  return (
    <CardList className="location-list" items={locations} keyOf={(location) => location.slug}>
      {(location) => <LocationCard location={location} level={level} />}
    </CardList>
  );
}

/** The spec's message when the location data cannot be read (the rest of the page stays). */
function LoadError() {
  return (
    <p className="block__empty" role="status">
      Standorte konnten nicht geladen werden.
    </p>
  );
}

export function LocationGridView({ block, context, level, render }: BlockProps<LocationGridBlock>) {
  const all = locationsOf(block._uid, context);
  const shown =
    all === "error"
      ? []
      : all.filter(
          (location) =>
            (block.locations.length === 0 || block.locations.includes(location.slug)) &&
            (!block.brand || location.brands.includes(block.brand)),
        );
  return (
    <SectionWithHeader block={block} className="block location-grid" level={level} render={render}>
      {all === "error" ? (
        <LoadError />
      ) : shown.length > 0 ? (
        <LocationList locations={shown} level={childLevel(level, block.headline)} />
      ) : (
        <p className="block__empty">Derzeit sind keine Standorte verfügbar.</p>
      )}
    </SectionWithHeader>
  );
}

/** Every location with a brand filter (adjust_location_filter). */
export function LocationOverviewView({ block, context, level, render }: BlockProps<LocationOverviewBlock>) {
  const all = locationsOf(block._uid, context);
  const scoped = all === "error" ? [] : all.filter((location) => block.locations.length === 0 || block.locations.includes(location.slug));
  return (
    <SectionWithHeader block={block} className="block location-overview" level={level} render={render}>
      {all === "error" ? (
        <LoadError />
      ) : (
        <Island
          name="location-overview"
          component={FilteredLocations}
          props={{ locations: scoped, level: childLevel(level, block.headline), selectId: `location-brand-${block._uid}` }}
        />
      )}
    </SectionWithHeader>
  );
}

/** The overview's brand filter, count and list: an island on editorial pages (ADR 0017). */
export function FilteredLocations({ locations, level, selectId }: { locations: LocationSummary[]; level: number; selectId: string }) {
  const [brand, setBrand] = useState<BrandKey | "">("");
  const brands = [...new Set(locations.flatMap((location) => location.brands))].filter(isBrandKey);
  const shown = locations.filter((location) => !brand || location.brands.includes(brand));
  return (
    <>
      {brands.length > 1 ? (
        <div className="location-overview__filter">
          <label htmlFor={selectId}>Marke</label>
          <select
            id={selectId}
            value={brand}
            onChange={(event) => {
              setBrand(isBrandKey(event.target.value) ? event.target.value : "");
              trackEvent("adjust_location_filter", { filter_name: "brand", filter_value: event.target.value });
            }}
          >
            <BrandOptions brands={brands} />
          </select>
        </div>
      ) : null}
      <p role="status" className="location-overview__count">
        {shown.length === 1 ? "1 Standort" : `${shown.length} Standorte`}
      </p>
      {shown.length > 0 ? (
        <LocationList locations={shown} level={level} />
      ) : (
        <p className="block__empty">Die Einrichtung wurde nicht gefunden. Bitte wählen Sie eine andere Marke.</p>
      )}
    </>
  );
}
