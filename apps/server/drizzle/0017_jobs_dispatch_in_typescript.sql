-- The job runner dispatches each kind of job from a TypeScript handler map (jobs/runner.ts), in
-- one transaction with the claim and the completion, instead of a branch per kind in SQL.
DROP FUNCTION jobs_run_one(timestamptz, jsonb);
