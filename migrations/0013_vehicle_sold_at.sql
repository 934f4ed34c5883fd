-- When an import marked a vehicle sold (docs/stock-import.md "Sold vehicles"): its page says it is
-- gone for STOCK_SOLD_RETENTION_DAYS, then the stock cron deletes it with its document, price
-- history and source key. NULL for vehicles sold before this column (the demo's), which stay.
ALTER TABLE vehicles ADD COLUMN sold_at TEXT;
CREATE INDEX vehicles_sold_at ON vehicles (sold_at) WHERE status = 'sold';
