-- Issue 26: first-party insights. Daily counters only (no row per event): one row per business
-- and day, per viewed product and day, and per search and day; written by additive upserts.
-- insight_visitors keeps the day's salted visitor hashes (never an address or a browser) so
-- several processes count unique visitors together; rows older than yesterday are deleted.
CREATE TABLE "insight_days" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_result_searches" integer DEFAULT 0 NOT NULL,
	"whatsapp_clicks" integer DEFAULT 0 NOT NULL,
	"cart_adds" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"from_whatsapp" integer DEFAULT 0 NOT NULL,
	"from_instagram" integer DEFAULT 0 NOT NULL,
	"from_facebook" integer DEFAULT 0 NOT NULL,
	"from_google" integer DEFAULT 0 NOT NULL,
	"from_other" integer DEFAULT 0 NOT NULL,
	"from_direct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_days_pkey" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_products" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"cart_adds" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_products_pkey" PRIMARY KEY("business_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "insight_searches" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_searches_pkey" PRIMARY KEY("business_id","day","query")
);
--> statement-breakpoint
CREATE TABLE "insight_visitors" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hash" bytea NOT NULL,
	CONSTRAINT "insight_visitors_pkey" PRIMARY KEY("business_id","day","hash")
);
--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_products" ADD CONSTRAINT "insight_products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_products" ADD CONSTRAINT "insight_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_searches" ADD CONSTRAINT "insight_searches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_visitors" ADD CONSTRAINT "insight_visitors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_days_day_idx" ON "insight_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_products_product_idx" ON "insight_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "insight_visitors_day_idx" ON "insight_visitors" USING btree ("day");
