-- Issue 27 §2: the owner's manual order of products (docs/decisions/029).
--
-- position: smaller first. Every position comes from one sequence, so positions are unique
-- across all products and a reorder only permutes the positions of the products it moves. A new
-- product takes -nextval(): smaller than every position before it, so it goes first, as it does
-- in 'newest' (no read of the business's other rows, whoever inserts: the form, a duplicate, an
-- import). Existing products are numbered from their creation order, newest first.
CREATE SEQUENCE "products_position_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "position" bigint;--> statement-breakpoint
UPDATE "products" AS p SET "position" = -o.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "products") AS o
  WHERE o."id" = p."id";--> statement-breakpoint
SELECT setval('products_position_seq', greatest((SELECT count(*) FROM "products"), 1));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "position" SET DEFAULT -nextval('products_position_seq');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
-- The manual order's index: sold-out products after available ones, then the owner's order.
CREATE INDEX "products_business_position_idx" ON "products" USING btree ("business_id", "available" DESC, "position", "id");--> statement-breakpoint
-- The storefront's default order: 'newest' (created_at) or 'manual' (position).
ALTER TABLE "businesses" ADD COLUMN "product_order" text DEFAULT 'newest' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_product_order_check" CHECK ("product_order" IN ('newest', 'manual'));
