-- Issue 43 §5 (ADR 040): Premium billed by a monthly Mercado Pago subscription (preapproval).
CREATE TABLE "plan_subscriptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "preapproval_id" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "currency" text NOT NULL,
  "amount" integer NOT NULL,
  "init_point" text NOT NULL,
  "next_payment_date" timestamptz,
  "last_payment_id" text,
  "last_payment_status" text,
  "last_payment_at" timestamptz,
  "grace_from" timestamptz,
  "grace_until" timestamptz,
  "check_at" timestamptz,
  "checks" integer NOT NULL DEFAULT 0,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "plan_subscriptions_status_check" CHECK ("status" IN ('pending', 'authorized', 'paused', 'cancelled')),
  CONSTRAINT "plan_subscriptions_currency_check" CHECK ("currency" IN ('UYU', 'USD'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_preapproval_idx" ON "plan_subscriptions" ("preapproval_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_one_live_idx" ON "plan_subscriptions" ("business_id") WHERE "status" <> 'cancelled';
--> statement-breakpoint
CREATE INDEX "plan_subscriptions_check_idx" ON "plan_subscriptions" ("check_at") WHERE "check_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "plan_subscriptions_business_idx" ON "plan_subscriptions" ("business_id", "created_at");
--> statement-breakpoint
-- Every monthly charge (authorized payment) applied: one row per id, so a duplicated or late
-- notification extends nothing twice.
CREATE TABLE "plan_subscription_payments" (
  "authorized_payment_id" text PRIMARY KEY NOT NULL,
  "subscription_id" uuid NOT NULL REFERENCES "plan_subscriptions"("id") ON DELETE CASCADE,
  "status" text NOT NULL,
  "amount" integer NOT NULL,
  "currency" text NOT NULL,
  "paid_until" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "plan_subscription_payments_status_check" CHECK ("status" IN ('approved', 'rejected', 'flagged'))
);
