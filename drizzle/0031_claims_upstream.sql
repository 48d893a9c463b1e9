ALTER TABLE "claims" DROP CONSTRAINT "claims_status_valid";--> statement-breakpoint
DROP INDEX "claims_one_open_per_order_key";--> statement-breakpoint
DROP INDEX "claims_queue_idx";--> statement-breakpoint
ALTER TABLE "supplier_attempts" ADD COLUMN "claim_id" text;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD COLUMN "upstream_message_id" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "replacement" jsonb;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "replacement_error" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "upstream_supplier_id" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "upstream_order_id" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "upstream_claim_id" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "upstream_status" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "upstream_note" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "upstream_error" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "forwarded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "upstream_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_upstream_supplier_id_suppliers_id_fk" FOREIGN KEY ("upstream_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_messages_upstream_key" ON "claim_messages" USING btree ("claim_id","upstream_message_id") WHERE "claim_messages"."upstream_message_id" is not null;--> statement-breakpoint
CREATE INDEX "claims_upstream_claim_idx" ON "claims" USING btree ("upstream_supplier_id","upstream_claim_id") WHERE "claims"."upstream_claim_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_order_key" ON "claims" USING btree ("order_id") WHERE status in ('open', 'in_review', 'replacing');--> statement-breakpoint
CREATE INDEX "claims_queue_idx" ON "claims" USING btree ("respond_by") WHERE status in ('open', 'in_review', 'replacing');--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_status_valid" CHECK ("claims"."status" in ('open', 'in_review', 'replacing', 'replaced', 'refunded', 'rejected'));