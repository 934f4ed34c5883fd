-- Contact persons (spec section 3 "Employee: name, job title, department,
-- location"): the directory /ansprechpartner, the employee blocks and the location pages read them.
CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  job_title TEXT NOT NULL,
  -- domain/employees.ts DEPARTMENTS ("service", "verkauf-neuwagen", …)
  department TEXT NOT NULL,
  location_slug TEXT NOT NULL REFERENCES locations (slug),
  -- JSON array of brand keys the person looks after ([] = all of the center's brands)
  brands TEXT NOT NULL DEFAULT '[]',
  phone TEXT,
  email TEXT,
  -- Lower rank first within a center and department (the head of a department first).
  rank INTEGER NOT NULL DEFAULT 100
);

CREATE INDEX employees_location ON employees (location_slug, department);
