-- The model catalogue (docs/models-and-leasing.md): every variant of every model line with its list price and
-- the values the Pkw-EnVKV asks for. The model pages show "ab" prices, the lease example and the
-- consumption and CO2 range from it; domain/model-lines.ts names the lines (the URLs).
CREATE TABLE model_variants (
  brand TEXT NOT NULL,
  model TEXT NOT NULL,
  name TEXT NOT NULL,
  body_style TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('passenger', 'van', 'truck')),
  fuel TEXT NOT NULL,
  power_hp INTEGER NOT NULL,
  -- Gross list price in euros (UVP, without transfer).
  price_gross INTEGER NOT NULL CHECK (price_gross > 0),
  -- JSON: domain/vehicle.ts WltpSchema (consumption, CO2, CO2 class; BEV/PHEV power consumption).
  wltp TEXT NOT NULL,
  electric_range_km INTEGER,
  -- Picture set of the demo images (/images/vehicles/{image}-{view}.svg)
  image TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (brand, model, name)
) WITHOUT ROWID;
