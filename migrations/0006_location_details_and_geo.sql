-- What a location page shows besides the address (spec section 3 "Location": VAT and
-- IBAN numbers, services), where the center is (the map, the nearest-center search, the public
-- holidays of its state), and the place data the nearest-center search looks visitors' input up in
-- (German postal codes and places with a coordinate; kv-seed/geo/README.md: sources, licences).
ALTER TABLE locations ADD COLUMN latitude REAL;
ALTER TABLE locations ADD COLUMN longitude REAL;
-- Two-letter code of the federal state ("HH", "NI", "SH", …): its public holidays close the center.
ALTER TABLE locations ADD COLUMN state TEXT;
ALTER TABLE locations ADD COLUMN whatsapp TEXT;
ALTER TABLE locations ADD COLUMN vat_id TEXT;
ALTER TABLE locations ADD COLUMN iban TEXT;
-- JSON array of German service names ("Werkstatt", "Karosserie & Lack", …).
ALTER TABLE locations ADD COLUMN services TEXT NOT NULL DEFAULT '[]';
-- JSON array of { "network": "facebook" | "instagram" | "youtube" | "linkedin" | "xing", "url": "https://…" }.
ALTER TABLE locations ADD COLUMN social TEXT NOT NULL DEFAULT '[]';

CREATE TABLE postal_codes (
  code TEXT PRIMARY KEY,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  place TEXT NOT NULL
) WITHOUT ROWID;

-- key: domain/geo.ts placeKey(name) ("lubeck" for "Lübeck" and "Luebeck").
CREATE TABLE places (
  key TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  population INTEGER NOT NULL
) WITHOUT ROWID;
