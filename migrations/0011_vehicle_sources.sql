-- Which vehicle each source's key names, and a digest of what the site shows of it
-- (docs/stock-import.md, ADR 0028): an import keeps a vehicle's id (and URL) across imports by its
-- key at the source, and tells changed vehicles from unchanged ones without reading documents.
CREATE TABLE vehicle_sources (
  -- "<source>:<key at the source>", e.g. "mobilede:123456789", "dms:A-4711", "demo:100001".
  source_key TEXT PRIMARY KEY,
  vehicle_id INTEGER NOT NULL UNIQUE REFERENCES vehicles (id),
  -- domain/vehicle-fingerprint.ts of the vehicle's document.
  fingerprint TEXT NOT NULL
) WITHOUT ROWID;
