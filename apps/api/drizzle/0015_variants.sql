-- Issue 25: variants, stock and prices in two currencies (docs/decisions/027).
--
-- Currencies become ISO codes: every spelling of the US dollar is USD, anything else UYU.
UPDATE "products" SET "currency" = CASE
    WHEN upper(replace("currency", ' ', '')) IN ('US$', 'USD', 'U$S', 'U$D', 'U$') THEN 'USD'
    ELSE 'UYU'
  END
  WHERE "currency" NOT IN ('UYU', 'USD');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "currency" SET DEFAULT 'UYU';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_currency_check" CHECK ("currency" IN ('UYU', 'USD'));--> statement-breakpoint
-- The business's main currency and exchange rate (UYU per USD). price_rate is the rate its
-- products' main_price was computed with: its own exchange_rate, or the platform's default
-- (DEFAULT_EXCHANGE_RATE) — the API brings it up to date when that default changes.
ALTER TABLE "businesses" ADD COLUMN "main_currency" text DEFAULT 'UYU' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "exchange_rate" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "exchange_rate_date" date;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "price_rate" numeric(10, 4) DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_main_currency_check" CHECK ("main_currency" IN ('UYU', 'USD'));--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_exchange_rate_check" CHECK ("exchange_rate" IS NULL OR "exchange_rate" > 0);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_price_rate_check" CHECK ("price_rate" > 0);--> statement-breakpoint
-- Options, stock and the two derived columns the list sorts and filters by.
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "main_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("stock" IS NULL OR "stock" >= 0);--> statement-breakpoint
CREATE TABLE "product_variants" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "business_id" uuid NOT NULL,
  "position" integer NOT NULL,
  "options" jsonb NOT NULL,
  "price" numeric(12, 2),
  "code" text,
  "stock" integer,
  "image_index" integer,
  CONSTRAINT "product_variants_stock_check" CHECK ("stock" IS NULL OR "stock" >= 0),
  CONSTRAINT "product_variants_price_check" CHECK ("price" IS NULL OR "price" > 0),
  CONSTRAINT "product_variants_image_index_check" CHECK ("image_index" IS NULL OR "image_index" >= 0)
);--> statement-breakpoint
-- jsonb equality ignores key order: one row per combination of a product.
CREATE UNIQUE INDEX "product_variants_product_options_key" ON "product_variants" USING btree ("product_id", "options");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id", "position");--> statement-breakpoint
-- A product's availability and its lowest final price in the business's main currency, from its
-- own row, its variants and its business: kept by the database on every write, whoever writes.
CREATE FUNCTION vitrina_product_state() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    v_count integer;
    v_any_available boolean;
    v_min_available numeric;
    v_min numeric;
    b_main text;
    b_rate numeric;
    lowest numeric;
  BEGIN
    SELECT count(*), bool_or(v.stock > 0),
        min(round(coalesce(v.price, NEW.price) * (100 - NEW.discount) / 100, 2)) FILTER (WHERE NOT NEW.track_stock OR v.stock > 0),
        min(round(coalesce(v.price, NEW.price) * (100 - NEW.discount) / 100, 2))
      INTO v_count, v_any_available, v_min_available, v_min
      FROM product_variants AS v WHERE v.product_id = NEW.id;
    IF v_count > 0 THEN
      NEW.available := NOT NEW.track_stock OR coalesce(v_any_available, false);
      lowest := coalesce(v_min_available, v_min);
    ELSE
      NEW.available := NOT NEW.track_stock OR coalesce(NEW.stock, 0) > 0;
      lowest := round(NEW.price * (100 - NEW.discount) / 100, 2);
    END IF;
    SELECT b.main_currency, b.price_rate INTO b_main, b_rate FROM businesses AS b WHERE b.id = NEW.business_id;
    NEW.main_price := CASE
      WHEN b_main IS NULL OR NEW.currency = b_main THEN lowest
      WHEN NEW.currency = 'USD' THEN round(lowest * b_rate, 2)
      ELSE round(lowest / b_rate, 2)
    END;
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "products_state" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION vitrina_product_state();--> statement-breakpoint
-- A write to variants (the owner's form, a confirmed or cancelled order) recomputes their
-- products through the trigger above.
CREATE FUNCTION vitrina_variants_touch() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      UPDATE products SET available = available WHERE id IN (SELECT DISTINCT product_id FROM old_rows);
    ELSE
      UPDATE products SET available = available WHERE id IN (SELECT DISTINCT product_id FROM new_rows);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "product_variants_insert" AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_variants_touch();--> statement-breakpoint
CREATE TRIGGER "product_variants_update" AFTER UPDATE ON "product_variants"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_variants_touch();--> statement-breakpoint
CREATE TRIGGER "product_variants_delete" AFTER DELETE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_variants_touch();--> statement-breakpoint
-- A new main currency or rate reprices the business's products in one statement.
CREATE FUNCTION vitrina_business_prices() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.main_currency IS DISTINCT FROM OLD.main_currency OR NEW.price_rate IS DISTINCT FROM OLD.price_rate THEN
      UPDATE products SET available = available WHERE business_id = NEW.id;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "businesses_prices" AFTER UPDATE OF "main_currency", "price_rate" ON "businesses"
  FOR EACH ROW EXECUTE FUNCTION vitrina_business_prices();--> statement-breakpoint
UPDATE "products" SET "available" = true;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "main_price" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "main_price" SET NOT NULL;--> statement-breakpoint
-- The list's indexes: the default sort puts sold-out products after available ones, and the
-- price sorts and bounds read the price in the main currency.
DROP INDEX "products_business_price_idx";--> statement-breakpoint
CREATE INDEX "products_business_price_idx" ON "products" USING btree ("business_id", "main_price", "id");--> statement-breakpoint
CREATE INDEX "products_business_available_idx" ON "products" USING btree ("business_id", "available", "created_at", "id");--> statement-breakpoint
-- The search copy gets the same columns.
ALTER TABLE "product_search" ADD COLUMN "main_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "track_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "product_search" AS s SET "main_price" = p."main_price", "available" = p."available", "track_stock" = p."track_stock"
  FROM "products" AS p WHERE p."id" = s."id";--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "main_price" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_product_words_sync() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO product_search (id, business_id, created_at, final_price, category, sub_category,
          is_offer, is_featured, is_new, search_words, main_price, available, track_stock)
        SELECT id, business_id, created_at, final_price, category, sub_category, is_offer,
          is_featured, is_new, search_words, main_price, available, track_stock
        FROM new_rows;
      INSERT INTO product_counts (business_id, products)
        SELECT business_id, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (business_id) DO UPDATE SET products = product_counts.products + excluded.products;
      INSERT INTO product_words (business_id, word, products)
        SELECT business_id, word, count(*)
        FROM new_rows CROSS JOIN LATERAL unnest(search_words) AS word
        GROUP BY 1, 2
        ORDER BY 1, 2
      ON CONFLICT (business_id, word) DO UPDATE SET products = product_words.products + excluded.products;
    ELSIF TG_OP = 'UPDATE' THEN
      UPDATE product_search AS s SET business_id = n.business_id, created_at = n.created_at,
          final_price = n.final_price, category = n.category, sub_category = n.sub_category,
          is_offer = n.is_offer, is_featured = n.is_featured, is_new = n.is_new,
          search_words = n.search_words, main_price = n.main_price, available = n.available,
          track_stock = n.track_stock
        FROM new_rows AS n
        WHERE s.id = n.id;
      INSERT INTO product_words (business_id, word, products)
        SELECT n.business_id, word, count(*)
        FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
          CROSS JOIN LATERAL unnest(n.search_words) AS word
        WHERE o.search_words <> n.search_words OR o.business_id <> n.business_id
        GROUP BY 1, 2
        ORDER BY 1, 2
      ON CONFLICT (business_id, word) DO UPDATE SET products = product_words.products + excluded.products;
      UPDATE product_words AS w SET products = w.products - gone.n
        FROM (
          SELECT o.business_id, word, count(*) AS n
          FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
            CROSS JOIN LATERAL unnest(o.search_words) AS word
          WHERE o.search_words <> n.search_words OR o.business_id <> n.business_id
          GROUP BY 1, 2
        ) AS gone
        WHERE w.business_id = gone.business_id AND w.word = gone.word;
      DELETE FROM product_words AS w
        USING (SELECT DISTINCT business_id, unnest(search_words) AS word FROM old_rows) AS gone
        WHERE w.business_id = gone.business_id AND w.word = gone.word AND w.products <= 0;
    ELSE
      UPDATE product_counts AS c SET products = c.products - gone.n
        FROM (SELECT business_id, count(*) AS n FROM old_rows GROUP BY 1) AS gone
        WHERE c.business_id = gone.business_id;
      UPDATE product_words AS w SET products = w.products - gone.n
        FROM (
          SELECT business_id, word, count(*) AS n
          FROM old_rows CROSS JOIN LATERAL unnest(search_words) AS word
          GROUP BY 1, 2
        ) AS gone
        WHERE w.business_id = gone.business_id AND w.word = gone.word;
      DELETE FROM product_words AS w
        USING (SELECT DISTINCT business_id, unnest(search_words) AS word FROM old_rows) AS gone
        WHERE w.business_id = gone.business_id AND w.word = gone.word AND w.products <= 0;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- Orders: the stock a confirmation took, given back if the order is cancelled.
ALTER TABLE "orders" ADD COLUMN "stock_taken" jsonb;
