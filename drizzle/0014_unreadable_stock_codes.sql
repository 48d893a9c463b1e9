CREATE TABLE "unreadable_stock_codes" (
	"id" bigint PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"code_encrypted" text NOT NULL,
	"pin_encrypted" text,
	"serial" text,
	"uploaded_at" timestamp (3) with time zone NOT NULL,
	"set_aside_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unreadable_stock_codes" ADD CONSTRAINT "unreadable_stock_codes_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unreadable_stock_codes_sku_idx" ON "unreadable_stock_codes" USING btree ("sku");