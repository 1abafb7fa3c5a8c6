-- A time as the custody answers write it: UTC, ISO 8601 with milliseconds.
CREATE OR REPLACE FUNCTION custody_time(p_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
$$;
