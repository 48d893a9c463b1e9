-- Each app instance keeps the API keys it has authenticated in memory, with their reseller's status and
-- subscription, and drops a reseller's keys when this channel names the reseller: a key revoked,
-- re-hashed, moved or given another allowlist, or the reseller blocked, unblocked, or its subscription
-- changed. NOTIFY is sent at commit, and not at all on rollback.
CREATE FUNCTION "notify_api_key_auth"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_key_auth', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changed" AFTER UPDATE OF "revoked_at", "allowed_ips", "hash", "user_id" OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "notify_api_key_auth"('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "status", "tier", "period_start", "period_end", "next_tier", "subscription_status" ON "users"
  FOR EACH ROW WHEN (
    (OLD."status", OLD."tier", OLD."period_start", OLD."period_end", OLD."next_tier", OLD."subscription_status")
    IS DISTINCT FROM (NEW."status", NEW."tier", NEW."period_start", NEW."period_end", NEW."next_tier", NEW."subscription_status")
  ) EXECUTE FUNCTION "notify_api_key_auth"('id');
