-- Version 1: imports, sources with their lines, runs with their labels
-- and interim series, captures and input errors. Rows that belong to a
-- source are keyed by (source_id, idx), so that a file's rows go in with
-- multi-row inserts and no generated ids; ord orders each kind as the
-- inputs did (import id << 32 | place in the import).
--
-- Portable across MySQL 5.7+, MariaDB 10.3+ and TiDB: no JSON type or
-- functions, no FULLTEXT, no triggers; documents are LONGTEXT. The
-- /*T![auto_id_cache] ... */ comments are read by TiDB only, which then
-- hands out AUTO_INCREMENT values in order as MySQL does.

CREATE TABLE imports (
  id BIGINT NOT NULL AUTO_INCREMENT,
  started DATETIME(6) NOT NULL,
  sbreport VARCHAR(64) NOT NULL,
  args TEXT NOT NULL,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin /*T![auto_id_cache] AUTO_ID_CACHE=1 */;

CREATE TABLE sources (
  id BIGINT NOT NULL AUTO_INCREMENT,
  import_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  name_hash CHAR(64) NOT NULL,
  input TEXT NOT NULL,
  content_hash CHAR(64) NOT NULL,
  bytes BIGINT NOT NULL,
  line_count INT NOT NULL,
  cleaned VARCHAR(64) NOT NULL,
  stored DATETIME(6) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY sources_name (name_hash),
  KEY sources_content (content_hash),
  KEY sources_input (input(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin /*T![auto_id_cache] AUTO_ID_CACHE=1 */;

CREATE TABLE source_lines (
  source_id BIGINT NOT NULL,
  n INT NOT NULL,
  text MEDIUMTEXT NOT NULL,
  PRIMARY KEY (source_id, n)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE runs (
  source_id BIGINT NOT NULL,
  idx INT NOT NULL,
  ord BIGINT NOT NULL,
  line INT NOT NULL,
  tool VARCHAR(32) NOT NULL,
  test VARCHAR(191) NOT NULL,
  workload VARCHAR(191) NOT NULL,
  threads INT NULL,
  version VARCHAR(64) NOT NULL,
  tps DOUBLE NULL,
  n_intervals INT NOT NULL,
  doc LONGTEXT NOT NULL,
  PRIMARY KEY (source_id, idx),
  KEY runs_ord (ord),
  KEY runs_identity (tool, workload, threads)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE run_labels (
  source_id BIGINT NOT NULL,
  run_idx INT NOT NULL,
  k VARCHAR(191) NOT NULL,
  v TEXT NOT NULL,
  PRIMARY KEY (source_id, run_idx, k),
  KEY run_labels_kv (k, v(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE intervals (
  source_id BIGINT NOT NULL,
  run_idx INT NOT NULL,
  idx INT NOT NULL,
  line INT NOT NULL,
  t DOUBLE NULL,
  threads DOUBLE NULL,
  tps DOUBLE NULL,
  qps DOUBLE NULL,
  reads_ps DOUBLE NULL,
  writes_ps DOUBLE NULL,
  other_ps DOUBLE NULL,
  lat_ms DOUBLE NULL,
  lat_pct DOUBLE NULL,
  err_s DOUBLE NULL,
  reconn_s DOUBLE NULL,
  eps DOUBLE NULL,
  read_mib_s DOUBLE NULL,
  write_mib_s DOUBLE NULL,
  fsyncs_ps DOUBLE NULL,
  mib_s DOUBLE NULL,
  queue_length DOUBLE NULL,
  concurrency DOUBLE NULL,
  PRIMARY KEY (source_id, run_idx, idx)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- kind: host, variables, status (SHOW GLOBAL STATUS), table, sysstat.
CREATE TABLE captures (
  source_id BIGINT NOT NULL,
  idx INT NOT NULL,
  ord BIGINT NOT NULL,
  kind VARCHAR(16) NOT NULL,
  line INT NOT NULL,
  doc LONGTEXT NOT NULL,
  PRIMARY KEY (source_id, idx),
  KEY captures_ord (ord)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE input_errors (
  source_id BIGINT NOT NULL,
  idx INT NOT NULL,
  ord BIGINT NOT NULL,
  line INT NOT NULL,
  message TEXT NOT NULL,
  PRIMARY KEY (source_id, idx),
  KEY input_errors_ord (ord)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
