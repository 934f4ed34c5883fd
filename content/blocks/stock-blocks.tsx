import { SiteLink } from "#ui/site-link.tsx";
import type {
  LeaseOverviewBlock,
  StockOverviewBlock,
  StockPreviewBlock,
  StockQuickEntryBlock,
  StockQuickSearchBlock,
  StockResultsBlock,
} from "../block-schemas.ts";
import type { BlockRenderContext } from "../block-data.ts";
import { LEASE_DEFAULT_QUERY } from "../block-data.ts";
import { VehicleCard } from "#ui/carfinder/vehicle-card.tsx";
import { QuickSearch } from "#ui/carfinder/quick-search.tsx";
import { Island } from "#ui/islands/island.tsx";
import { carfinderPath, vehiclePath } from "#domain/site-paths.ts";
import { BODY_STYLE_LABELS } from "#domain/vehicle-labels.ts";
import { PASSENGER_BODY_STYLES, type BodyStyle } from "#domain/vehicle-vocabulary.ts";
import { BRAND_NAMES } from "#domain/brands.ts";
import type { BlockProps } from "./block-props.ts";
import { SectionWithHeader } from "./block-parts.tsx";
import { isOneOf } from "#domain/is-one-of.ts";
import { germanNumber } from "#domain/german-number.ts";

const COUNT = germanNumber();

/** The carfinder URL of a block's query, so "Alle Fahrzeuge ansehen" shows the same search. */
export function carfinderHref(query: string): string {
  return query ? `${carfinderPath()}?${query}` : carfinderPath();
}

/**
 * Vehicle cards from the data the route resolved for this block (BlockDataNeed "vehicles"), the
 * total and a link to the same search in the carfinder; German empty and error states.
 */
export function VehicleResults({
  uid,
  context,
  query,
  limit,
  linkLabel,
  showCount = false,
}: {
  uid: string;
  context: BlockRenderContext;
  query: string;
  limit: number;
  linkLabel?: string | undefined;
  showCount?: boolean;
}) {
  const entry = context.data[uid];
  const href = carfinderHref(query);
  if (entry?.kind === "error") {
    return (
      <p className="block__empty" role="status">
        Fahrzeuge konnten nicht geladen werden. <SiteLink to={href}>Zur Fahrzeugsuche</SiteLink>
      </p>
    );
  }
  const result = entry?.kind === "vehicles" ? entry.result : undefined;
  const vehicles = result?.vehicles.slice(0, limit) ?? [];
  if (vehicles.length === 0) {
    return (
      <p className="block__empty">
        Aktuell sind keine passenden Fahrzeuge im Bestand. <SiteLink to={href}>Alle Fahrzeuge in der Fahrzeugsuche</SiteLink>
      </p>
    );
  }
  return (
    <>
      {showCount && result ? (
        <p className="models-page__count">
          {result.total === 1 ? "1 Fahrzeug gefunden" : `${COUNT.format(result.total)} Fahrzeuge gefunden`}
        </p>
      ) : null}
      <ul className="stock-list" aria-label="Fahrzeuge">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <VehicleCard vehicle={vehicle} href={vehiclePath(vehicle)} />
          </li>
        ))}
      </ul>
      <p className="stock-list__more">
        <SiteLink to={href} className="button button--tertiary button--medium">
          {linkLabel ??
            (result && result.total > vehicles.length ? `Alle ${COUNT.format(result.total)} Fahrzeuge ansehen` : "Zur Fahrzeugsuche")}
        </SiteLink>
      </p>
    </>
  );
}

function StockSection({
  block,
  context,
  level,
  render,
  className,
  showCount,
}: BlockProps<StockOverviewBlock | StockPreviewBlock | LeaseOverviewBlock | StockResultsBlock> & {
  className: string;
  showCount?: boolean;
}) {
  return (
    <SectionWithHeader block={block} className={`block stock-block ${className}`} level={level} render={render}>
      <VehicleResults
        uid={block._uid}
        context={context}
        query={block.query}
        limit={block.limit}
        linkLabel={block.link_label}
        showCount={showCount}
      />
    </SectionWithHeader>
  );
}

export function StockOverviewView(props: BlockProps<StockOverviewBlock>) {
  return <StockSection {...props} className="stock-overview" />;
}

export function StockPreviewView(props: BlockProps<StockPreviewBlock>) {
  return <StockSection {...props} className="stock-preview" />;
}

/** The carfinder's results for the editor's search: how many there are, the first cards, all of them in the carfinder. */
export function StockResultsView(props: BlockProps<StockResultsBlock>) {
  return <StockSection {...props} className="stock-results" showCount />;
}

/** Vehicles with lease offers: the same search as /carfinder?pricetype=private_lease unless the editor chose another price type. */
export function LeaseOverviewView(props: BlockProps<LeaseOverviewBlock>) {
  const query = /(^|&)pricetype=/.test(props.block.query)
    ? props.block.query
    : [props.block.query, LEASE_DEFAULT_QUERY].filter(Boolean).join("&");
  return <StockSection {...props} block={{ ...props.block, query }} className="lease-overview" />;
}

const QUICK_ENTRY_DEFAULTS: BodyStyle[] = ["suv", "estate", "saloon", "hatchback", "coupe", "convertible"];

/** Tiles into the carfinder by body style (no JS needed: plain links). */
export function StockQuickEntryView({ block, level, render }: BlockProps<StockQuickEntryBlock>) {
  const chosen = block.body_styles.filter((style): style is BodyStyle => style in BODY_STYLE_LABELS);
  const styles = chosen.length > 0 ? chosen : QUICK_ENTRY_DEFAULTS.filter((style) => isOneOf(PASSENGER_BODY_STYLES, style));
  const base = carfinderPath(block.brand);
  return (
    <SectionWithHeader block={block} className="block quick-entry" level={level} render={render}>
      <ul className="quick-entry__list">
        {styles.map((style) => (
          <li key={style}>
            <SiteLink to={`${base}?bodystyle=${encodeURIComponent(style)}`} className="quick-entry__link">
              {BODY_STYLE_LABELS[style]}
            </SiteLink>
          </li>
        ))}
        <li>
          <SiteLink to={base} className="quick-entry__link quick-entry__link--all">
            {block.brand ? `Alle ${BRAND_NAMES[block.brand]} Fahrzeuge` : "Alle Fahrzeuge"}
          </SiteLink>
        </li>
      </ul>
    </SectionWithHeader>
  );
}

/** The carfinder's quick search (ui/carfinder/quick-search.tsx): default, car-company (a brand), financial. */
export function StockQuickSearchView({ block, context }: BlockProps<StockQuickSearchBlock>) {
  const brand = block.brand ?? context.brand;
  const variant = block.variant === "car-company" && !brand ? "default" : block.variant;
  return (
    <div className="block quick-search-block">
      <Island
        name="quick-search"
        component={QuickSearch}
        props={{
          variant,
          idBase: `quick-search-${block._uid}`,
          ...(brand && variant === "car-company" ? { brand } : {}),
          ...(block.headline ? { heading: block.headline } : {}),
        }}
      />
    </div>
  );
}
