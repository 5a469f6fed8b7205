-- Issue 27 §1: spreadsheet imports (docs/decisions/028). A confirmed import with image URLs
-- leaves one job and one item per product row whose images the server downloads in the
-- background. Every API process works on them: an item is claimed with FOR UPDATE SKIP LOCKED
-- and a lease, so a process that dies mid-download leaves it to another after the lease.
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "import_jobs_business_idx" ON "import_jobs" USING btree ("business_id","created_at");
--> statement-breakpoint
CREATE TABLE "import_job_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL REFERENCES "import_jobs"("id") ON DELETE CASCADE,
	"product_id" uuid REFERENCES "products"("id") ON DELETE SET NULL,
	"row" integer NOT NULL,
	"urls" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_job_items_status_check" CHECK ("status" IN ('pending', 'done'))
);
--> statement-breakpoint
CREATE INDEX "import_job_items_job_idx" ON "import_job_items" USING btree ("job_id","row");
--> statement-breakpoint
CREATE INDEX "import_job_items_due_idx" ON "import_job_items" USING btree ("lease_until") WHERE "status" = 'pending';
