DROP INDEX "stock_codes_available_idx";--> statement-breakpoint
CREATE INDEX "stock_codes_available_idx" ON "stock_codes" USING btree ("sku","created_at","id") WHERE order_id is null;