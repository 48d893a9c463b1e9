CREATE TABLE "claim_images" (
	"claim_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data_base64" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"author" text NOT NULL,
	"author_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_windows" (
	"category" text PRIMARY KEY NOT NULL,
	"window_seconds" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_windows_positive" CHECK ("claim_windows"."window_seconds" > 0),
	CONSTRAINT "claim_windows_category_valid" CHECK (category in ('topup', 'giftcard', 'gamekey', 'platformtopup', 'platformgift', 'messenger_premium', 'messenger_stars', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"respond_by" timestamp (3) with time zone NOT NULL,
	"taken_by" text,
	"taken_at" timestamp (3) with time zone,
	"resolved_by" text,
	"resolved_at" timestamp (3) with time zone,
	"resolution_note" text,
	"refund_amount" bigint,
	"replaced_items" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_status_valid" CHECK ("claims"."status" in ('open', 'in_review', 'replaced', 'refunded', 'rejected')),
	CONSTRAINT "claims_reason_valid" CHECK ("claims"."reason" in ('code_invalid', 'code_already_used', 'wrong_region', 'not_received', 'other')),
	CONSTRAINT "claims_refund_positive" CHECK ("claims"."refund_amount" is null or "claims"."refund_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "claim_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claim_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claim_status" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "extended_events" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_images" ADD CONSTRAINT "claim_images_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_windows" ADD CONSTRAINT "claim_windows_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_messages_claim_id_idx" ON "claim_messages" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claims_user_id_idx" ON "claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "claims_order_id_idx" ON "claims" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_order_key" ON "claims" USING btree ("order_id") WHERE status in ('open', 'in_review');--> statement-breakpoint
CREATE INDEX "claims_queue_idx" ON "claims" USING btree ("respond_by") WHERE status in ('open', 'in_review');--> statement-breakpoint
CREATE INDEX "ledger_entries_order_id_idx" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."order_id" is not null;