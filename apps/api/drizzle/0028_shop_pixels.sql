-- Issue 46 §3 (ADR 039): the owner's Google Analytics 4 measurement id and Meta Pixel id. Both
-- null by default: an existing shop keeps its storefront exactly as it was (no banner, no
-- scripts). The formats are checked by contracts' shopPixelsSchema before a write; the checks
-- here keep a malformed value out whatever writes it.
ALTER TABLE "businesses" ADD COLUMN "ga4_measurement_id" text;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "meta_pixel_id" text;
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_ga4_measurement_id_check" CHECK ("businesses"."ga4_measurement_id" ~ '^G-[A-Z0-9]{4,20}$');
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_meta_pixel_id_check" CHECK ("businesses"."meta_pixel_id" ~ '^[0-9]{5,20}$');
