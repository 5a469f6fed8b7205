-- Issue 27 §3: readable product addresses, /{identifier}/productos/{slug} (docs/decisions/030).
--
-- The slug is made here, by the database, for every writer (the API's create and duplicate, the
-- spreadsheet import, the seed, the benchmark generators): a product written without one gets
-- the slug of its name, unique within its business. A rename keeps it; writing NULL makes it
-- again from the name. An address a product leaves keeps leading to it
-- (product_slug_redirects), until another product of the business takes it.
--
-- The rule, the same as productSlug() in packages/contracts/src/product-slug.ts (the API's
-- test/product-slugs.test.ts compares the two): NFKD, combining accents removed, a few letters
-- spelled out, A–Z lower-cased, runs of anything but a–z 0–9 as one '-', at most 80 characters,
-- 'producto' when nothing is left, '-producto' after the shape of a UUID.
CREATE FUNCTION vitrina_product_slug_base(name text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  DECLARE
    s text;
  BEGIN
    s := regexp_replace(normalize(name, NFKD), '[\u0300-\u036f]', '', 'g');
    s := replace(replace(replace(replace(replace(replace(s,
      'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe');
    s := translate(s, 'øØłŁđĐABCDEFGHIJKLMNOPQRSTUVWXYZ', 'oolldd' || 'abcdefghijklmnopqrstuvwxyz');
    s := regexp_replace(s COLLATE "C", '[^a-z0-9]+', '-', 'g');
    s := rtrim(left(btrim(s, '-'), 80), '-');
    IF s = '' THEN
      RETURN 'producto';
    END IF;
    IF s ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
      RETURN s || '-producto';
    END IF;
    RETURN s;
  END
  $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text COLLATE "C";--> statement-breakpoint
-- C collation: slugs are ASCII, and a prefix LIKE (the numbered ones of a base) reads the index.
CREATE UNIQUE INDEX "products_business_slug_idx" ON "products" ("business_id", "slug");--> statement-breakpoint
-- `base` if no other product of the business has it, else base-2, base-3… (numbered from how
-- many numbered ones there are, so a hundred 'Camiseta' cost one count each, not a hundred probes).
CREATE FUNCTION vitrina_product_slug_free(p_business uuid, p_base text, p_self uuid) RETURNS text
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    candidate text := p_base;
    n integer;
  BEGIN
    IF NOT EXISTS (
      SELECT 1 FROM products
      WHERE business_id = p_business AND slug = candidate AND id IS DISTINCT FROM p_self
    ) THEN
      RETURN candidate;
    END IF;
    SELECT count(*) + 2 INTO n FROM products
      WHERE business_id = p_business AND slug LIKE p_base || '-%'
        AND slug ~ ('^' || p_base || '-[0-9]+$') AND id IS DISTINCT FROM p_self;
    LOOP
      candidate := rtrim(left(p_base, 80 - length('-' || n)), '-') || '-' || n;
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM products
        WHERE business_id = p_business AND slug = candidate AND id IS DISTINCT FROM p_self
      );
      n := n + 1;
    END LOOP;
    RETURN candidate;
  END
  $$;--> statement-breakpoint
-- A row written without a slug gets one. Writers of one business take their turn (a transaction
-- lock per business), so two new 'Café' never both choose 'cafe'.
CREATE FUNCTION vitrina_product_slug_fill() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.slug IS NULL THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('vitrina_product_slug ' || NEW.business_id::text, 0));
      NEW.slug := vitrina_product_slug_free(
        NEW.business_id, vitrina_product_slug_base(NEW.name), NEW.id);
    END IF;
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "products_slug" BEFORE INSERT OR UPDATE OF "slug" ON "products"
  FOR EACH ROW EXECUTE FUNCTION vitrina_product_slug_fill();--> statement-breakpoint
-- The old addresses: (business, slug) → the product that had it. A slug is never both a
-- product's and a redirect's: a product that takes one (new, renamed or re-slugged) removes it.
CREATE TABLE "product_slug_redirects" (
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "slug" text COLLATE "C" NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("business_id", "slug")
);--> statement-breakpoint
CREATE INDEX "product_slug_redirects_product_idx" ON "product_slug_redirects" ("product_id");--> statement-breakpoint
CREATE FUNCTION vitrina_product_slug_taken() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM product_slug_redirects AS r USING new_rows AS n
      WHERE r.business_id = n.business_id AND r.slug = n.slug;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "products_slug_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_product_slug_taken();--> statement-breakpoint
CREATE FUNCTION vitrina_product_slug_moved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM product_slug_redirects WHERE business_id = NEW.business_id AND slug = NEW.slug;
    IF OLD.slug IS NOT NULL THEN
      INSERT INTO product_slug_redirects (business_id, slug, product_id)
        VALUES (NEW.business_id, OLD.slug, NEW.id)
        ON CONFLICT (business_id, slug)
        DO UPDATE SET product_id = excluded.product_id, created_at = now();
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "products_slug_update" AFTER UPDATE OF "slug" ON "products"
  FOR EACH ROW WHEN (OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION vitrina_product_slug_moved();--> statement-breakpoint
-- Every existing product, oldest first in each business (the oldest keeps the plain slug).
DO $$
  DECLARE
    r record;
  BEGIN
    FOR r IN SELECT id FROM products ORDER BY business_id, created_at, id LOOP
      UPDATE products SET slug = NULL WHERE id = r.id;
    END LOOP;
  END
$$;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_slug_check"
  CHECK (length("slug") <= 80 AND "slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
