-- Locations carry opening hours for showroom and workshop by weekday and a contact e-mail
-- (spec section 3 "Location"; the vehicle detail page shows them).
-- opening_hours is JSON: { "showroom": { "mon": [["08:00","18:00"]], … }, "workshop": { … } }.
ALTER TABLE locations ADD COLUMN email TEXT;
ALTER TABLE locations ADD COLUMN opening_hours TEXT;
