-- Alloy wheel size per vehicle in inches (spec section 9 "Alloy wheels 13 to 23
-- inches"): a filter of the carfinder and the lease overviews. NULL: steel wheels or not stated.
ALTER TABLE vehicles ADD COLUMN alloy_wheel_inch INTEGER CHECK (alloy_wheel_inch BETWEEN 13 AND 23);
