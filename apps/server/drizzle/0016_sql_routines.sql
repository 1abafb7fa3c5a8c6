-- The SQL functions' one source (decision 019): each lives in its own file under src/**/sql/ and
-- is applied after the migrations whenever its checksum changes (src/db/routines.ts). This table
-- remembers the checksum each was last applied with. Migrations keep tables, data fixes and the
-- DROP FUNCTION a changed signature needs; the functions the earlier migrations created stay in
-- their history, and the files replace them on the next start.
CREATE TABLE "sql_routines" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
