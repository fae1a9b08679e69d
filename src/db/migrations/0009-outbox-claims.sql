-- The job outbox relay claims rows, hands their jobs over, then deletes them: a relay that dies in
-- between leaves a claim that expires, and another relay hands the job over again (at least once).
ALTER TABLE job_outbox ADD COLUMN claimed_at timestamptz;

-- A mail is sent by the run that claims it; a claim of a run that died lapses, and the mail is sent then.
ALTER TABLE mail_outbox ADD COLUMN send_claimed_at timestamptz;
