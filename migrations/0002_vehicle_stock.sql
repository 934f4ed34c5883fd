-- Full vehicle stock for the carfinder. The first-cut table held demo rows only, so it is replaced.
-- Filter and sort columns are typed columns; the whole validated Vehicle (domain/vehicle.ts)
-- is kept as JSON in `data` for the detail page. Prices per price type are monthly rates for
-- finance and lease (NULL when the vehicle has no such offer) so sorting by price follows the
-- chosen price type.
DROP INDEX IF EXISTS vehicles_brand_status;
DROP TABLE IF EXISTS vehicles;

CREATE TABLE vehicles (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'sold')),
  brand TEXT NOT NULL,
  model TEXT NOT NULL,
  title TEXT NOT NULL,
  condition TEXT NOT NULL,
  category TEXT NOT NULL,
  body_style TEXT NOT NULL,
  fuel TEXT NOT NULL,
  transmission TEXT NOT NULL,
  drive_type TEXT NOT NULL,
  color_key TEXT NOT NULL,
  location_slug TEXT NOT NULL REFERENCES locations (slug),
  construction_year INTEGER NOT NULL,
  mileage_km INTEGER NOT NULL,
  power_hp INTEGER NOT NULL,
  seats INTEGER NOT NULL,
  price_purchase INTEGER NOT NULL,
  price_private_finance INTEGER,
  price_business_finance INTEGER,
  price_private_lease INTEGER,
  price_business_lease INTEGER,
  has_towbar INTEGER NOT NULL DEFAULT 0,
  has_cruise_control INTEGER NOT NULL DEFAULT 0,
  has_parking INTEGER NOT NULL DEFAULT 0,
  has_airbags INTEGER NOT NULL DEFAULT 0,
  has_security INTEGER NOT NULL DEFAULT 0,
  has_air_conditioning INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL
);

-- Result lists sort by year, price or mileage within the available stock.
CREATE INDEX vehicles_available_year ON vehicles (status, construction_year DESC, id);
CREATE INDEX vehicles_available_price ON vehicles (status, price_purchase, id);
CREATE INDEX vehicles_available_mileage ON vehicles (status, mileage_km, id);
CREATE INDEX vehicles_brand_model ON vehicles (brand, model);
