-- Price history per vehicle (PAngV § 11): every price a vehicle was offered at,
-- from the day it applied. A page that shows a price reduction names the lowest price of the 30
-- days before the reduction (domain/price-history.ts).
CREATE TABLE vehicle_prices (
  vehicle_id INTEGER NOT NULL REFERENCES vehicles (id),
  -- Purchase price incl. VAT and transfer, euros.
  price INTEGER NOT NULL CHECK (price > 0),
  -- YYYY-MM-DD, Europe/Berlin: the first day this price applied.
  valid_from TEXT NOT NULL,
  PRIMARY KEY (vehicle_id, valid_from)
) WITHOUT ROWID;
