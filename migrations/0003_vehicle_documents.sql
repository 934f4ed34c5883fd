-- Keep `vehicles` narrow (bench/README.md "Carfinder search"): facet queries scan the
-- filtered rows, and the ~2.5 KB JSON document per row made every scan read ~25x more pages.
-- The document moves to its own table; the two values the result cards need become columns.
CREATE TABLE vehicle_documents (
  id INTEGER PRIMARY KEY,
  data TEXT NOT NULL
);
INSERT INTO vehicle_documents (id, data) SELECT id, data FROM vehicles;
ALTER TABLE vehicles ADD COLUMN first_registration TEXT;
ALTER TABLE vehicles ADD COLUMN image TEXT;
UPDATE vehicles SET first_registration = json_extract(data, '$.firstRegistration'), image = json_extract(data, '$.images[0]');
ALTER TABLE vehicles DROP COLUMN data;
