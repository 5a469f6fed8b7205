-- Issue 43 (docs/decisions/037-mercado-pago.md): online payments with Mercado Pago.
-- A shop's connection: its credentials encrypted (AES-256-GCM with PAYMENTS_ENCRYPTION_KEY, which
-- the database never holds), the account it names, and when its OAuth token expires. Orders paid
-- online keep their payment's state (null for every other order, existing ones included), and
-- every change of it is a payment event with its source; an event is written once (unique).
CREATE TABLE "payment_accounts" (
  "business_id" uuid PRIMARY KEY NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "provider" text DEFAULT 'mercadopago' NOT NULL,
  "method" text NOT NULL,
  "credentials" text NOT NULL,
  "account_id" text NOT NULL,
  "account_name" text NOT NULL,
  "site_id" text,
  "expires_at" timestamp with time zone,
  "refresh_lease_until" timestamp with time zone,
  "connected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_accounts_provider_check" CHECK ("provider" IN ('mercadopago')),
  CONSTRAINT "payment_accounts_method_check" CHECK ("method" IN ('oauth', 'token'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_refunded" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_flag" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_check_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checks" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("payment_status" IN ('pendiente', 'aprobado', 'rechazado', 'cancelado', 'en_mediacion', 'reembolsado_parcial', 'reembolsado', 'contracargo'));
--> statement-breakpoint
CREATE INDEX "orders_payment_check_idx" ON "orders" ("payment_check_at") WHERE "payment_check_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_business_payment_idx" ON "orders" ("business_id", "payment_status", "created_at", "id") WHERE "payment_status" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "payment_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "status" text NOT NULL,
  "payment_id" text NOT NULL DEFAULT '',
  "refunded" integer DEFAULT 0 NOT NULL,
  "amount" integer,
  "currency" text,
  "flag" text,
  "source" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_events_source_check" CHECK ("source" IN ('checkout', 'webhook', 'conciliacion', 'duenio'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_once_key" ON "payment_events" ("order_id", "payment_id", "status", "refunded");
--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" ("order_id", "created_at");
