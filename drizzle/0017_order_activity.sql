CREATE TABLE "order_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"admin_id" text NOT NULL,
	"action" text NOT NULL,
	"detail" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_activity_action_valid" CHECK ("order_activity"."action" in ('taken', 'released', 'taken_over', 'completed', 'failed', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_activity_order_id_idx" ON "order_activity" USING btree ("order_id","created_at");