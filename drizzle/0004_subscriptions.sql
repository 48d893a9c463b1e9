CREATE TABLE "tariff_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"actor_id" text,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "period_start" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "period_end" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "next_tier" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "tariff_audit" ADD CONSTRAINT "tariff_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_audit_created_idx" ON "tariff_audit" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_next_tier_tariffs_tier_fk" FOREIGN KEY ("next_tier") REFERENCES "public"."tariffs"("tier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscription_status_valid" CHECK ("users"."subscription_status" in ('active', 'expired'));--> statement-breakpoint
UPDATE "users" SET "period_start" = now(), "period_end" = now() + interval '1 month' WHERE "tier" <> 'Bronze' AND "period_end" IS NULL;
