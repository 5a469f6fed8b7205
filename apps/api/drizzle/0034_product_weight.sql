-- Issue 44 §1 (ADR 035): a product's optional weight in grams, so that a zone priced by weight
-- bands can price the parcel (contracts' parcelGrams: every line's weight times its units; a
-- product without a weight leaves the zone's flat price). Null for every existing product:
-- nothing changes for a shop that sets none. 100 kg at most (PRODUCT_WEIGHT_MAX_GRAMS).
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams_check" CHECK ("products"."weight_grams" IS NULL OR "products"."weight_grams" BETWEEN 1 AND 100000);
