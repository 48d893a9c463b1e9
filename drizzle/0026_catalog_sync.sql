ALTER TABLE "users" ADD COLUMN "tier_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock_seen" boolean;--> statement-breakpoint
UPDATE "products" SET "in_stock_seen" = CASE WHEN "fulfilment" = 'stock' THEN EXISTS (SELECT 1 FROM "stock_codes" s WHERE s."sku" = "products"."sku" AND s."order_id" IS NULL) ELSE true END;
