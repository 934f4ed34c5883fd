-- Every stock import that got as far as a decision (docs/stock-import.md "Runs"): applied, refused
-- by the safety valve, or failed while writing. `npm run stock -- status` and the admin page list
-- them; the counts are those of the plan, `report` the rows' problems (capped, JSON).
CREATE TABLE stock_import_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  source TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('cli', 'cron', 'admin')),
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'refused', 'failed')),
  added INTEGER NOT NULL DEFAULT 0,
  changed INTEGER NOT NULL DEFAULT 0,
  sold INTEGER NOT NULL DEFAULT 0,
  unchanged INTEGER NOT NULL DEFAULT 0,
  kept INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0,
  unmapped INTEGER NOT NULL DEFAULT 0,
  message TEXT,
  report TEXT NOT NULL DEFAULT '{}',
  -- The stock version an applied run with changes moves KV to, and whether that write was seen to
  -- succeed: a later run writes a version that is still pending (KV failing after the commit).
  stock_version TEXT,
  version_set INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX stock_import_runs_started ON stock_import_runs (started_at DESC);
