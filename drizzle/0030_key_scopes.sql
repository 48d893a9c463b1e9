ALTER TABLE "api_keys" ADD COLUMN "scopes" jsonb DEFAULT '["catalog:read","orders:read","orders:write","account:read","payments:write","webhooks:manage"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A key made before members existed was made by its account's one person.
UPDATE "api_keys" SET "created_by" = "user_id" WHERE "created_by" IS NULL;--> statement-breakpoint
-- Instances keep authenticated keys with their scopes in memory (lib/api-keys/key-cache.ts): a change of
-- scopes drops the account's keys from every cache at commit, as a revoke or a new allowlist does.
DROP TRIGGER "api_keys_auth_changed" ON "api_keys";--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changed" AFTER UPDATE OF "revoked_at", "allowed_ips", "hash", "user_id", "scopes" OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "notify_api_key_auth"('user_id');
