-- Issue 25 budgets (docs/decisions/027, "Measurements"): what a product card and the option
-- filter need of a product's variants, kept on the product row by the trigger that already keeps
-- `available` and `main_price`, so the storefront list reads one row per product and the full
-- variants travel only with the detail.
--
-- price_from: the lowest final price (the product's currency) among its available variants when
-- two or more are available and their prices differ ('desde $ X'); else null.
-- stock_units: the units of the product (its own stock, or its variants' together; null when not
-- kept) — the owner-only number behind `lowStock`.
-- option_keys: for every available variant (any, when stock is not tracked), a key for each
-- non-empty subset of its option values (vitrina_option_key): `option=Talle:M&option=Color:Azul`
-- is one key, so the filter keeps "one variant with all those values" and reads a GIN index.
ALTER TABLE "products" ADD COLUMN "price_from" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_units" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- '<business id> <name>\x1f<value>[\x1e<name>\x1f<value>…]', names and values in lower case,
-- pairs in byte order of the name: the same text whatever the order or case of the keys. Scoped
-- by business (each GIN posting list holds one business's products, as the search keys).
CREATE FUNCTION vitrina_option_key(business uuid, choice jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT business::text || ' ' || string_agg(lower(e.key) || chr(31) || lower(e.value), chr(30)
      ORDER BY lower(e.key) COLLATE "C", lower(e.value) COLLATE "C")
    FROM jsonb_each_text(choice) AS e
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_product_state() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    v_count integer;
    v_any_available boolean;
    v_min_available numeric;
    v_max_available numeric;
    v_count_available integer;
    v_min numeric;
    v_units integer;
    b_main text;
    b_rate numeric;
    lowest numeric;
  BEGIN
    SELECT count(*), bool_or(v.stock > 0),
        min(round(coalesce(v.price, NEW.price) * (100 - NEW.discount) / 100, 2)) FILTER (WHERE NOT NEW.track_stock OR v.stock > 0),
        max(round(coalesce(v.price, NEW.price) * (100 - NEW.discount) / 100, 2)) FILTER (WHERE NOT NEW.track_stock OR v.stock > 0),
        count(*) FILTER (WHERE NOT NEW.track_stock OR v.stock > 0),
        min(round(coalesce(v.price, NEW.price) * (100 - NEW.discount) / 100, 2)),
        sum(coalesce(v.stock, 0))
      INTO v_count, v_any_available, v_min_available, v_max_available, v_count_available, v_min, v_units
      FROM product_variants AS v WHERE v.product_id = NEW.id;
    IF v_count > 0 THEN
      NEW.available := NOT NEW.track_stock OR coalesce(v_any_available, false);
      lowest := coalesce(v_min_available, v_min);
      NEW.price_from := CASE WHEN v_count_available >= 2 AND v_min_available <> v_max_available THEN v_min_available END;
      NEW.stock_units := v_units;
      -- vitrina_option_key() written out (the same text): masks 1–7 pick the subsets of up to 3
      -- options; a mask naming an option a variant lacks repeats a smaller subset (DISTINCT).
      SELECT coalesce(array_agg(DISTINCT s.k ORDER BY s.k), '{}'::text[]) INTO NEW.option_keys
        FROM (
          SELECT NEW.business_id::text || ' ' || string_agg(lower(e.key) || chr(31) || lower(e.value), chr(30)
              ORDER BY lower(e.key) COLLATE "C", lower(e.value) COLLATE "C") AS k
          FROM product_variants AS v
            CROSS JOIN LATERAL jsonb_each_text(v.options) WITH ORDINALITY AS e(key, value, i)
            CROSS JOIN generate_series(1, 7) AS m(mask)
          WHERE v.product_id = NEW.id AND (NOT NEW.track_stock OR v.stock > 0)
            AND (m.mask & (1 << (e.i - 1)::int)) <> 0
          GROUP BY v.id, m.mask
        ) AS s;
    ELSE
      NEW.available := NOT NEW.track_stock OR coalesce(NEW.stock, 0) > 0;
      lowest := round(NEW.price * (100 - NEW.discount) / 100, 2);
      NEW.price_from := NULL;
      NEW.stock_units := NEW.stock;
      NEW.option_keys := '{}'::text[];
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
UPDATE "products" SET "available" = "available";--> statement-breakpoint
CREATE INDEX "products_option_keys_idx" ON "products" USING gin ("option_keys") WITH (fastupdate = off);
