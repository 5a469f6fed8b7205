-- Issue 22 §4: search through indexable operators (docs/decisions/005, "Search at scale").
--
-- The words of a product: its normalised search_text split on spaces, sentence punctuation trimmed
-- from each end (product codes such as 'caf-123' and 'usb-c' stay whole), distinct. The API's
-- searchWords() in modules/products/search.ts splits a query the same way
-- (test/products-search.test.ts compares the two).
CREATE FUNCTION vitrina_search_words(input text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT word ORDER BY word), '{}')
    FROM (
      SELECT btrim(part, '.,;:!?¡¿()[]{}"''«»“”‘’…*') COLLATE "C" AS word
      FROM regexp_split_to_table(input, ' ') AS part
    ) AS words
    WHERE word <> ''
  $$;--> statement-breakpoint
-- Index keys scoped to the business ('<business id> <word>'): each key's posting list holds one
-- business's products, so the words index stays tenant-first like every other products index.
CREATE FUNCTION vitrina_search_keys(business uuid, words text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(business::text || ' ' || word), '{}') FROM unnest(words) AS word
  $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (vitrina_search_words("search_text")) STORED NOT NULL;--> statement-breakpoint
-- What a search reads of each matching product, and nothing else: a row a quarter the width of a
-- products row (no descriptions, images or specifications), so counting thousands of matches,
-- their highest price and their best page reads a quarter of the pages. A copy kept by the
-- triggers below; deleted with its product.
CREATE TABLE "product_search" (
  "id" uuid PRIMARY KEY REFERENCES "products"("id") ON DELETE CASCADE,
  "business_id" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "final_price" numeric(12, 2) NOT NULL,
  "category" text NOT NULL,
  "sub_category" text,
  "is_offer" boolean NOT NULL,
  "is_featured" boolean NOT NULL,
  "is_new" boolean NOT NULL,
  "search_words" text[] NOT NULL
);--> statement-breakpoint
INSERT INTO "product_search"
  SELECT "id", "business_id", "created_at", "final_price", "category", "sub_category", "is_offer",
    "is_featured", "is_new", "search_words"
  FROM "products";--> statement-breakpoint
-- fastupdate off: a write updates the index at once, so no pending list (which the planner prices
-- by its size) ever makes a sequential scan look cheaper than the index.
CREATE INDEX "product_search_words_idx" ON "product_search" USING gin (vitrina_search_keys("business_id", "search_words")) WITH (fastupdate = off);--> statement-breakpoint
-- The lexicon: each business's distinct words and how many of its products hold each. A query word
-- is expanded here (exact, prefix, one typo) before the products are matched by the index above.
CREATE TABLE "product_words" (
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "word" text COLLATE "C" NOT NULL,
  "products" integer NOT NULL,
  PRIMARY KEY ("business_id", "word")
);--> statement-breakpoint
-- Typo candidates share the end of the word when the typo is near its start.
CREATE INDEX "product_words_reverse_idx" ON "product_words" ("business_id", (reverse("word")) COLLATE "C");--> statement-breakpoint
INSERT INTO "product_words" ("business_id", "word", "products")
  SELECT "business_id", "word", count(*)
  FROM "products", unnest("search_words") AS "word"
  GROUP BY 1, 2;--> statement-breakpoint
-- How many products each business has: the total of its unfiltered list without counting them.
CREATE TABLE "product_counts" (
  "business_id" uuid PRIMARY KEY REFERENCES "businesses"("id") ON DELETE CASCADE,
  "products" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "product_counts" ("business_id", "products")
  SELECT "business_id", count(*) FROM "products" GROUP BY 1;--> statement-breakpoint
-- Kept by the database on every write, whoever writes (the API, the seed, the benchmark
-- generator): one set-based statement per written statement, not per row. An update counts only
-- the rows whose words changed, and adds before it takes away, so a kept word is never deleted and
-- re-inserted. A product never changes business (no route moves one), so an update leaves
-- product_counts as it is.
CREATE FUNCTION vitrina_product_words_sync() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    -- Each branch names only the transition tables its event has (plpgsql plans a statement
    -- when it first runs it).
    IF TG_OP = 'INSERT' THEN
      INSERT INTO product_search
        SELECT id, business_id, created_at, final_price, category, sub_category, is_offer,
          is_featured, is_new, search_words
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
          search_words = n.search_words
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
CREATE TRIGGER "products_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_product_words_sync();--> statement-breakpoint
CREATE TRIGGER "products_words_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_product_words_sync();--> statement-breakpoint
CREATE TRIGGER "products_words_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_product_words_sync();
