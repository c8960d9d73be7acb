-- The database functions (lib/db/functions/<name>.sql, one file each holding its current definition) are applied at
-- start-up after the migrations, each when its file's text changed: this table holds the digest of the text last
-- applied (lib/db/database-functions.ts). From here on, migrations keep tables; the functions and the triggers that
-- call them live in their files.
CREATE TABLE "database_functions" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"applied_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
