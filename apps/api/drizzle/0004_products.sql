CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"info" text,
	"price" numeric(12, 2) NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"final_price" numeric(12, 2) GENERATED ALWAYS AS (round(price * (100 - discount) / 100, 2)) STORED NOT NULL,
	"is_offer" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT '$' NOT NULL,
	"code" text,
	"image" jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0),
	CONSTRAINT "products_discount_range" CHECK ("products"."discount" BETWEEN 0 AND 99),
	CONSTRAINT "products_offer_matches_discount" CHECK ("products"."is_offer" = ("products"."discount" > 0))
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_business_created_idx" ON "products" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_business_price_idx" ON "products" USING btree ("business_id","final_price","id");--> statement-breakpoint
CREATE INDEX "products_business_category_idx" ON "products" USING btree ("business_id","category","sub_category","created_at","id");--> statement-breakpoint
CREATE INDEX "products_business_featured_idx" ON "products" USING btree ("business_id","created_at","id") WHERE "products"."is_featured";--> statement-breakpoint
CREATE INDEX "products_business_new_idx" ON "products" USING btree ("business_id","created_at","id") WHERE "products"."is_new";--> statement-breakpoint
CREATE INDEX "products_business_offer_idx" ON "products" USING btree ("business_id","created_at","id") WHERE "products"."is_offer";