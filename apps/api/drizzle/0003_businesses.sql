CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"identifier" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" jsonb,
	"address" text,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"primary_color" text DEFAULT '#0D1B2A' NOT NULL,
	"secondary_color" text DEFAULT '#E0E1DD' NOT NULL,
	"bg_color" text DEFAULT '#0D1B2A' NOT NULL,
	"features" jsonb DEFAULT '{"nationwide_shipping":false,"same_day_delivery":false,"physical_store":false,"card_payment":false,"mercadopago":false}'::jsonb NOT NULL,
	"slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_type" text DEFAULT 'free' NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_user_id_key" UNIQUE("user_id"),
	CONSTRAINT "businesses_identifier_key" UNIQUE("identifier"),
	CONSTRAINT "businesses_plan_type_check" CHECK ("businesses"."plan_type" IN ('free', 'pro'))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "businesses_search_trgm_idx" ON "businesses" USING gin ("search_text" gin_trgm_ops);