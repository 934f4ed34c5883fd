-- When an import marked a vehicle sold (docs/stock-import.md "Sold vehicles"): its page says it is
-- gone for STOCK_SOLD_RETENTION_DAYS, then the stock cron deletes it with its document, price
-- history and source key. NULL for vehicles sold before this column (the demo's), which stay.
ALTER TABLE vehicles ADD COLUMN sold_at TEXT;
CREATE INDEX vehicles_sold_at ON vehicles (sold_at) WHERE status = 'sold';

-- The highest vehicle id there ever was: a new vehicle never takes the id (and so the URL, the
-- favourites and compare entries) of one the retention deleted.
CREATE TABLE stock_counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
