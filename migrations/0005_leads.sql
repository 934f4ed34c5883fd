-- Leads (docs/leads.md, ADR 0011): stored before the visitor gets an answer,
-- delivered to the CRM by the LEAD_QUEUE consumer. Times are Unix epoch milliseconds.
CREATE TABLE leads (
  id TEXT PRIMARY KEY,                        -- UUID, also the CRM's idempotency key
  reference TEXT NOT NULL UNIQUE,             -- short id the visitor reads ("Vorgangsnummer")
  idempotency_key TEXT NOT NULL UNIQUE,       -- one per form render: a double click stores one lead
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,                      -- the validated lead as JSON (personal data, docs/leads.md)
  page_url TEXT,                              -- where the form was sent from
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead', 'held')),
  attempts INTEGER NOT NULL DEFAULT 0,        -- delivery attempts so far
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  queued_at INTEGER,                          -- last hand-over to the queue; NULL = the sweeper re-enqueues it
  lease_until INTEGER,                        -- a consumer is delivering it until then (no double delivery)
  delivered_at INTEGER,
  crm_id TEXT                                 -- the CRM's id of the lead, when it answers one
);
CREATE INDEX leads_status_created ON leads (status, created_at);
CREATE INDEX leads_created ON leads (created_at);

-- Trade-in photos live in R2 (LEAD_FILES) under object_key; this lists them per lead.
CREATE TABLE lead_attachments (
  lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  object_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (lead_id, position)
);

-- Per-IP rate limit: a keyed hash of the IP (never the IP) per accepted lead, kept one day.
CREATE TABLE lead_rate_limit (
  ip_hash TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX lead_rate_limit_ip_at ON lead_rate_limit (ip_hash, at);
