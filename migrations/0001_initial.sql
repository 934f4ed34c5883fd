-- Locations (centers) and a first cut of the vehicle stock. Later migrations extend vehicles with
-- every field of the spec's Vehicle entity in later migrations.
CREATE TABLE locations (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  street TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  city TEXT NOT NULL,
  phone TEXT NOT NULL,
  brands TEXT NOT NULL DEFAULT '[]' -- JSON array of brand keys
);

CREATE TABLE vehicles (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  brand TEXT NOT NULL,
  title TEXT NOT NULL,
  price_euro INTEGER NOT NULL CHECK (price_euro >= 0),
  location_slug TEXT NOT NULL REFERENCES locations (slug),
  status TEXT NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'sold'))
);

CREATE INDEX vehicles_brand_status ON vehicles (brand, status);
