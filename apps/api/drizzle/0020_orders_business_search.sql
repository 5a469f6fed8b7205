-- Issue 24's budgets (docs/decisions/024-orders.md, "Third pass"): the owner's search looked up
-- every business's orders in the trigram index and then dropped the other businesses' rows, so a
-- name common in other shops' orders ('Pérez') made one shop's search read thousands of rows.
-- btree_gin lets one GIN index hold the business id beside the trigrams: the index scan keeps
-- only the business's matches. It replaces the trigram-only index (every search names a business).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "orders_business_search_idx" ON "orders" USING gin ("business_id", "search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "orders_search_trgm_idx";
