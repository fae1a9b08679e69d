-- The job queue's table: agenda 6 with @agendajs/postgres-backend 3.0.6 (src/jobs/queue.ts).
-- A copy of what the backend creates itself with ensureSchema (dist/schema.js: table, the three
-- columns its later versions add, indexes, updated_at trigger). The queue starts with
-- ensureSchema: false, so instances starting together never race on DDL; a backend upgrade that
-- adds columns needs a new migration. The table belongs to the library: MikroORM skips it
-- (SCHEMA_GENERATOR.skipTables in src/db/database.ts). Job logging (agenda_logs) is not enabled.

CREATE TABLE agenda_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name varchar(255) NOT NULL,
  priority integer NOT NULL DEFAULT 0,
  next_run_at timestamptz,
  type varchar(10) NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
  locked_at timestamptz,
  last_finished_at timestamptz,
  failed_at timestamptz,
  fail_count integer DEFAULT NULL,
  fail_reason text,
  repeat_timezone varchar(100),
  last_run_at timestamptz,
  repeat_interval varchar(255),
  data jsonb DEFAULT '{}'::jsonb,
  repeat_at varchar(255),
  disabled boolean DEFAULT FALSE,
  progress real,
  fork boolean DEFAULT FALSE,
  last_modified_by varchar(255),
  debounce_started_at timestamptz,
  start_date timestamptz,
  end_date timestamptz,
  skip_days jsonb,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now()
);

-- Finding and locking the next job.
CREATE INDEX agenda_jobs_find_and_lock_idx ON agenda_jobs (name, next_run_at, priority DESC, locked_at, disabled) WHERE disabled = FALSE;
-- 'single' jobs (recurring ones created with every()) are upserted by name.
CREATE UNIQUE INDEX agenda_jobs_single_job_idx ON agenda_jobs (name) WHERE type = 'single';
-- Expired locks (a worker that died).
CREATE INDEX agenda_jobs_locked_at_idx ON agenda_jobs (locked_at) WHERE locked_at IS NOT NULL;
-- Queue size, scheduled jobs.
CREATE INDEX agenda_jobs_next_run_at_idx ON agenda_jobs (next_run_at) WHERE next_run_at IS NOT NULL;

CREATE FUNCTION update_agenda_jobs_updated_at() RETURNS trigger AS $$
BEGIN
  NEW.updated_at = NOW();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER agenda_jobs_updated_at_trigger BEFORE UPDATE ON agenda_jobs
  FOR EACH ROW EXECUTE FUNCTION update_agenda_jobs_updated_at();
