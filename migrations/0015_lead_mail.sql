-- Lead delivery by e-mail (docs/leads.md "E-mail", ADR 0033): a lead has up to two channels, the CRM
-- and an e-mail to the responsible center. Each channel's acceptance is recorded on its own, so a
-- retry for one channel never repeats the other. Times are Unix epoch milliseconds.
ALTER TABLE leads ADD COLUMN crm_delivered_at INTEGER;      -- the CRM accepted it (2xx)
ALTER TABLE leads ADD COLUMN mail_sent_at INTEGER;          -- the mail transport accepted the center's e-mail
ALTER TABLE leads ADD COLUMN mail_to TEXT;                  -- where that e-mail went (the center's address, not the visitor's)
ALTER TABLE leads ADD COLUMN mail_message_id TEXT;          -- the transport's id of it
ALTER TABLE leads ADD COLUMN confirmation_sent_at INTEGER;  -- the visitor's confirmation (optional, best effort)
-- Leads delivered before this migration went to the CRM, the only channel there was.
UPDATE leads SET crm_delivered_at = delivered_at WHERE status = 'delivered';

-- Where a center wants its leads: JSON array of { "department": "sales" | "service", "brand"?: brand key,
-- "to": address }, most specific first (brand, then department); `email` stays the general fallback.
ALTER TABLE locations ADD COLUMN lead_emails TEXT NOT NULL DEFAULT '[]';
