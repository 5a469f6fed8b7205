-- Trigram matching for typo-tolerant product and business search; unaccent for accent-insensitive
-- matching. Both are trusted extensions on PostgreSQL 13+ and bundled with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
