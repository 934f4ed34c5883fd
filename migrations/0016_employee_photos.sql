-- A contact person's portrait (docs/locations.md "Photos"): an https address of a picture (a
-- Storyblok asset is sized by its image service) or a picture of the site itself under /demo/ or
-- /images/. NULL = no photo: the card shows the initials. The site checks every value again when it
-- reads it (domain/employees.ts isEmployeePhoto) and shows the initials for one that is not a
-- picture address; the CHECK only stops the plainest slips (a bare file name, http://) at write time.
-- Existing people keep NULL.
ALTER TABLE employees ADD COLUMN photo TEXT
  CHECK (photo IS NULL OR (length(photo) <= 2000 AND (photo LIKE 'https://%' OR photo LIKE '/%')));
