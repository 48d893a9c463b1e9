CREATE TABLE "chain_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"user_id" text NOT NULL,
	"payment_id" text,
	"amount" bigint NOT NULL,
	"block_timestamp" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'confirming' NOT NULL,
	"source" text NOT NULL,
	"credited_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"scanned_to_ms" bigint NOT NULL,
	"last_scan_at" timestamp (3) with time zone,
	"scan_failures" integer DEFAULT 0 NOT NULL,
	"last_scan_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"seen_amount" bigint DEFAULT 0 NOT NULL,
	"received_amount" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('pending', 'confirming', 'paid', 'partially_paid', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transfers" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"contract_address" text NOT NULL,
	"value" bigint NOT NULL,
	"block_timestamp" timestamp (3) with time zone NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"sent_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "chain_transfer_id" text;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_tx_to_key" ON "chain_transfers" USING btree ("tx_hash","to_address");--> statement-breakpoint
CREATE INDEX "chain_transfers_user_id_idx" ON "chain_transfers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chain_transfers_payment_id_idx" ON "chain_transfers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "chain_transfers_confirming_idx" ON "chain_transfers" USING btree ("block_timestamp") WHERE "chain_transfers"."status" = 'confirming';--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_index_key" ON "deposit_addresses" USING btree ("derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_key" ON "deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("user_id","created_at") WHERE "payments"."status" in ('pending', 'confirming', 'partially_paid');--> statement-breakpoint
CREATE INDEX "sandbox_chain_transfers_to_idx" ON "sandbox_chain_transfers" USING btree ("to_address","block_timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_chain_transfer_key" ON "ledger_entries" USING btree ("chain_transfer_id") WHERE "ledger_entries"."chain_transfer_id" is not null;