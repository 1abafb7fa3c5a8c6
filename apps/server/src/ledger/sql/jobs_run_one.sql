-- The job runner's one step (jobs/runner.ts): claims the oldest due job no other runner holds
-- (FOR UPDATE SKIP LOCKED), does its work and marks it done, in the caller's one statement, so
-- the work and "done" commit together; a runner killed midway rolls both back and another one
-- takes the job. Work that fails is rolled back to a savepoint and the job retried later
-- (30 s, 1 min, 2 min… at most an hour). Returns no row when nothing is due.
CREATE OR REPLACE FUNCTION jobs_run_one(p_at timestamptz, p_assets jsonb)
RETURNS TABLE (job_id uuid, job_kind text, result jsonb, failure text)
LANGUAGE plpgsql AS $$
DECLARE
  v_job jobs;
BEGIN
  SELECT * INTO v_job FROM jobs
  WHERE done_at IS NULL AND run_at <= p_at
  ORDER BY run_at, id
  FOR UPDATE SKIP LOCKED
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  job_id := v_job.id;
  job_kind := v_job.kind;
  BEGIN
    IF v_job.kind = 'fixed_term_maturity' THEN
      result := ledger_mature_term((v_job.payload->>'termId')::uuid, p_at, p_assets);
    ELSE
      RAISE EXCEPTION 'unknown job kind %', v_job.kind;
    END IF;
    UPDATE jobs SET done_at = p_at, attempts = attempts + 1, last_error = NULL WHERE id = v_job.id;
  EXCEPTION WHEN OTHERS THEN
    failure := SQLERRM;
    UPDATE jobs SET attempts = attempts + 1, last_error = left(SQLERRM, 500),
      run_at = p_at + make_interval(secs => least(3600, 30 * power(2, v_job.attempts)))
    WHERE id = v_job.id;
  END;
  RETURN NEXT;
END;
$$;
