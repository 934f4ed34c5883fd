/**
 * The demo map's background: country outlines of the spec's map environment (bounds
 * north 60.75, south 42.33, west -7.57, east 18.02) as GeoJSON, drawn by Leaflet when no tile
 * server is configured (MAP_TILE_URL, docs/locations.md). Made once from the npm packages
 * world-atlas@2.0.2 (Natural Earth 1:50m, public domain; ISC) and topojson-client@3.1.0 (ISC):
 *
 *   cd /tmp && npm pack world-atlas@2.0.2 topojson-client@3.1.0 && mkdir wa tc && tar xzf world-atlas-2.0.2.tgz -C wa && tar xzf topojson-client-3.1.0.tgz -C tc
 *   npx node kv-seed/geo/build-map-outline.ts /tmp/wa/package /tmp/tc/package
 *
 * Coordinates are rounded to 0.01° (~1 km, enough for zoom levels up to 9) and repeated points dropped.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const [atlasDir, clientDir] = process.argv.slice(2);
if (!atlasDir || !clientDir) throw new Error("usage: build-map-outline.ts <world-atlas dir> <topojson-client dir>");
const require = createRequire(import.meta.url);
const topojson = require(join(clientDir, "dist/topojson-client.js")) as {
  feature(topology: unknown, object: unknown): { features: Feature[] };
};
interface Feature {
  type: "Feature";
  properties: { name?: string };
  geometry: { type: "Polygon" | "MultiPolygon"; coordinates: number[][][] | number[][][][] } | null;
}

const BOUNDS = { north: 60.75, south: 42.33, west: -7.57, east: 18.02 };
const topology = JSON.parse(readFileSync(join(atlasDir, "countries-50m.json"), "utf8")) as { objects: { countries: unknown } };
const round = (value: number) => Math.round(value * 100) / 100;

function ring(points: number[][]): number[][] {
  const out: number[][] = [];
  for (const [lng, lat] of points) {
    const point = [round(lng!), round(lat!)];
    const last = out.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
}
function inBounds(polygon: number[][][]): boolean {
  return polygon[0]!.some(
    ([lng, lat]) => lat! >= BOUNDS.south - 2 && lat! <= BOUNDS.north + 2 && lng! >= BOUNDS.west - 2 && lng! <= BOUNDS.east + 2,
  );
}

const features = [];
for (const feature of topojson.feature(topology, topology.objects.countries).features) {
  if (!feature.geometry) continue;
  const polygons = (feature.geometry.type === "Polygon" ? [feature.geometry.coordinates] : feature.geometry.coordinates) as number[][][][];
  const kept = polygons.filter(inBounds).map((polygon) => polygon.map(ring).filter((r) => r.length >= 4));
  if (kept.length === 0) continue;
  features.push({
    type: "Feature",
    properties: { name: feature.properties.name ?? "" },
    geometry: { type: "MultiPolygon", coordinates: kept },
  });
}
const out = JSON.stringify({ type: "FeatureCollection", features });
writeFileSync("client/public/maps/europe-outline.geo.json", out);
console.log(`${features.length} countries, ${out.length} bytes`);
