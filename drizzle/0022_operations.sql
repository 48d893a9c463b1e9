CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "last_clean_scan_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "instances_last_seen_idx" ON "instances" USING btree ("last_seen_at");--> statement-breakpoint
-- A scan that failed last left the time of its last clean one unknown; one that did not was clean.
UPDATE "deposit_addresses" SET "last_clean_scan_at" = "last_scan_at" WHERE "scan_failures" = 0;
