-- Version 3: each SHOW GLOBAL STATUS snapshot is also kept reduced, at
-- store time, to the counters the analysis reads (kept: the JSON of the
-- snapshot with only those values), beside the digest of that list of
-- names (kept_key). A reader that asks for the same list reads kept, a
-- few hundred bytes, instead of the whole snapshot (doc, some 20 KB);
-- snapshots stored before, or by a store given no list, have NULL here
-- and are read from doc as before.

ALTER TABLE captures ADD COLUMN kept MEDIUMTEXT NULL;

ALTER TABLE captures ADD COLUMN kept_key CHAR(64) NULL;
