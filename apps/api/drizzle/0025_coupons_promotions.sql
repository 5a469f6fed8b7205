-- Issue 45 (docs/decisions/036-coupons-and-promotions.md): coupons and automatic promotions.
-- A coupon's code is unique per shop without regard to case; its uses are counted on its row by
-- the order's own transaction (a conditional UPDATE: under concurrent orders on the last use,
-- exactly one gets it) and given back when the order is cancelled. Amounts in cents per currency.
-- Orders keep the code and each discount line; existing orders get no coupon and no discounts.
CREATE TABLE "coupons" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "code" text NOT NULL,
  "kind" text NOT NULL,
  "percent" integer,
  "amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "min_subtotal" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "starts_on" date,
  "ends_on" date,
  "max_uses" integer,
  "uses" integer DEFAULT 0 NOT NULL,
  "once_per_shopper" boolean DEFAULT false NOT NULL,
  "first_purchase_only" boolean DEFAULT false NOT NULL,
  "product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "paused" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "coupons_kind_check" CHECK ("kind" IN ('percent', 'fixed', 'free_delivery')),
  CONSTRAINT "coupons_uses_check" CHECK ("uses" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_business_code_key" ON "coupons" ("business_id", upper("code"));
--> statement-breakpoint
CREATE TABLE "promotions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "take" integer,
  "pay" integer,
  "percent" integer,
  "product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "starts_on" date,
  "ends_on" date,
  "paused" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotions_kind_check" CHECK ("kind" IN ('take_pay', 'second_unit', 'category_percent'))
);
--> statement-breakpoint
CREATE INDEX "promotions_business_idx" ON "promotions" ("business_id", "created_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid REFERENCES "coupons"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_business_coupon_idx" ON "orders" ("business_id", "coupon_id") WHERE "coupon_id" IS NOT NULL;
