-- Version 2: campaign manifests, and each run's campaign time for
-- history and --since/--until.

CREATE TABLE campaigns (
  id BIGINT NOT NULL AUTO_INCREMENT,
  dir TEXT NOT NULL,
  dir_hash CHAR(64) NOT NULL,
  content_hash CHAR(64) NOT NULL,
  format VARCHAR(64) NOT NULL,
  status VARCHAR(32) NOT NULL,
  started DATETIME(6) NULL,
  ended DATETIME(6) NULL,
  plan_digest VARCHAR(64) NOT NULL,
  manifest MEDIUMTEXT NOT NULL,
  stored DATETIME(6) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY campaigns_dir (dir_hash)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin /*T![auto_id_cache] AUTO_ID_CACHE=1 */;

ALTER TABLE sources ADD COLUMN campaign_id BIGINT NULL;

ALTER TABLE runs ADD COLUMN campaign_time DATETIME(6) NULL;

CREATE INDEX runs_time ON runs (campaign_time);
