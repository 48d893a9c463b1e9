CREATE TABLE "price_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"supplier_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"action" text NOT NULL,
	"old_cost" bigint,
	"new_cost" bigint,
	"old_price" bigint,
	"new_price" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_action_valid" CHECK ("price_changes"."action" in ('cost', 'repriced', 'paused', 'resumed', 'unavailable', 'available'))
);
--> statement-breakpoint
ALTER TABLE "suppliers" DROP CONSTRAINT "suppliers_kind_valid";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "margin_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "margin_value" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_step" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_follows_cost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cost_paused_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "upstream_name" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "usd_rate" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "max_in_flight" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "rate_limited_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "last_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "webhook_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_created_idx" ON "price_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "price_changes_sku_idx" ON "price_changes" USING btree ("sku","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_margin_kind_valid" CHECK ("products"."margin_kind" is null or "products"."margin_kind" in ('percent', 'fixed'));--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_usd_rate_positive" CHECK ("suppliers"."usd_rate" > 0);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_max_in_flight_positive" CHECK ("suppliers"."max_in_flight" >= 1);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_kind_valid" CHECK ("suppliers"."kind" in ('sandbox', 'reseller-api', 'reloadly', 'kinguin'));