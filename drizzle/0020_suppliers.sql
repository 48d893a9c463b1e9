CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"supplier_id" text NOT NULL,
	"upstream_product_id" text NOT NULL,
	"cost" bigint NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_cost_not_negative" CHECK ("offers"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"upstream_order_id" text,
	"cost" bigint NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error" text,
	"escalated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "supplier_attempts_status_valid" CHECK ("supplier_attempts"."status" in ('sending', 'placed', 'refused', 'unknown', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text,
	"credentials_encrypted" text,
	"credentials_hint" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"low_balance_threshold" bigint,
	"last_balance" bigint,
	"last_balance_currency" text,
	"balance_checked_at" timestamp (3) with time zone,
	"last_error" text,
	"last_error_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_kind_valid" CHECK ("suppliers"."kind" in ('sandbox', 'reseller-api'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sell_at_loss_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_attempts" ADD CONSTRAINT "supplier_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_attempts" ADD CONSTRAINT "supplier_attempts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_attempts" ADD CONSTRAINT "supplier_attempts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_sku_supplier_product_key" ON "offers" USING btree ("sku","supplier_id","upstream_product_id");--> statement-breakpoint
CREATE INDEX "offers_supplier_idx" ON "offers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_attempts_order_idx" ON "supplier_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_attempts_one_open_key" ON "supplier_attempts" USING btree ("order_id") WHERE "supplier_attempts"."status" in ('sending', 'placed', 'unknown');