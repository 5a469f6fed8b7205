-- Issue 22: the plan an owner picks (plan_type) is only a request; the cap reads effective_plan,
-- which only the operator changes (npm run plan). Every existing business starts free: nothing
-- told a requested pro from a granted one, and free blocks only new products past 20.
ALTER TABLE "businesses" ADD COLUMN "effective_plan" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_effective_plan_check" CHECK ("businesses"."effective_plan" IN ('free', 'pro'));