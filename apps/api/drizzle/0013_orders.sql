-- Issue 24: orders and their history; the business's WhatsApp number, delivery options, payment
-- methods and opening hours. Existing businesses whose phone is a Uruguayan mobile get it as
-- their WhatsApp number (the landlines keep none, so WhatsApp still goes to the phone).
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'nuevo' NOT NULL,
	"cancel_reason" text,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"delivery_method" text NOT NULL,
	"delivery_address" text,
	"payment_method" text NOT NULL,
	"payment_instructions" text,
	"notes" text,
	"items" jsonb NOT NULL,
	"subtotals" jsonb NOT NULL,
	"delivery_fee" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "orders_business_code_key" UNIQUE("business_id","code"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('nuevo', 'confirmado', 'listo', 'enviado', 'entregado', 'cancelado')),
	CONSTRAINT "orders_delivery_method_check" CHECK ("orders"."delivery_method" IN ('pickup', 'delivery')),
	CONSTRAINT "orders_cancel_reason_check" CHECK (("orders"."status" = 'cancelado') = ("orders"."cancel_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "delivery_options" jsonb DEFAULT '{"pickup":true,"delivery":{"enabled":false,"fee":{}}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "payment_methods" jsonb DEFAULT '[{"type":"efectivo"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'America/Montevideo' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_business_created_idx" ON "orders" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_business_status_created_idx" ON "orders" USING btree ("business_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
UPDATE "businesses" SET "whatsapp" = CASE
	WHEN regexp_replace("phone", '\D', '', 'g') ~ '^09[0-9]{7}$' THEN '+598' || substr(regexp_replace("phone", '\D', '', 'g'), 2)
	WHEN regexp_replace("phone", '\D', '', 'g') ~ '^5989[0-9]{7}$' THEN '+' || regexp_replace("phone", '\D', '', 'g')
	WHEN regexp_replace("phone", '\D', '', 'g') ~ '^9[0-9]{7}$' THEN '+598' || regexp_replace("phone", '\D', '', 'g')
END WHERE "whatsapp" IS NULL;