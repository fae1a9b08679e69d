-- The service's clock (issue 18). Every run of a recurring job (weekly awards, the daily refresh, Domain
-- Rating, ...), started by the schedule or by an operator, with its outcome. A row still running
-- (finished_at IS NULL) is that job's lease: at most one per job name, so a job never runs twice at once,
-- whichever instance or operator command starts it. A lease whose heartbeat stopped is abandoned.
CREATE TABLE job_runs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  period text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'operator')),
  started_at timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  finished_at timestamptz,
  outcome text CHECK (outcome IN ('ok', 'failed', 'abandoned')),
  summary text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX job_runs_running_idx ON job_runs (name) WHERE finished_at IS NULL;
CREATE INDEX job_runs_name_idx ON job_runs (name, started_at DESC);

-- Launch weeks whose awards are decided, with or without winners: a week is never awarded twice.
CREATE TABLE award_weeks (
  week date PRIMARY KEY,
  decided_at timestamptz NOT NULL,
  winners smallint NOT NULL
);
INSERT INTO award_weeks (week, decided_at, winners) SELECT week, now(), count(*) FROM awards GROUP BY week;

