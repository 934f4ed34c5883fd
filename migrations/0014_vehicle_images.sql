-- The source address of every feed picture (docs/stock-import.md "Pictures"): the site serves it
-- from /fahrzeugbild/{vehicle}/{position}-{width}.jpg and fetches only what is listed here.
CREATE TABLE vehicle_images (
  vehicle_id INTEGER NOT NULL REFERENCES vehicles (id),
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 50),
  url TEXT NOT NULL,
  PRIMARY KEY (vehicle_id, position)
) WITHOUT ROWID;
