DROP INDEX "webhook_deliveries_event_attempt_key";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "run" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_attempt_run_key" ON "webhook_deliveries" USING btree ("event_id","attempt","run") WHERE "webhook_deliveries"."trigger" = 'event';