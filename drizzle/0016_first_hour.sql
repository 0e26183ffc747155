-- The super admin's Usuários tab (issue 19): every user, newest first, searched by e-mail or name.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS user_created_idx ON "user" (created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS user_search_trgm_idx ON "user"
  USING gin ((lower(email || ' ' || first_name || ' ' || last_name)) gin_trgm_ops);
