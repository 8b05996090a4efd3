-- Trigram matching for search; PGlite loads the extension from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
