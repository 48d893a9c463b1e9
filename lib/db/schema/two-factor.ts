import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * An account's authenticator-app (TOTP) secret, apart from users so that no list or page that reads an
 * account carries it. A row without enabled_at is a set-up started and not yet confirmed with a code.
 */
export const twoFactor = pgTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** encryptSecret of the base32 secret. */
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: timestamptz("enabled_at"),
  /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused, so a code works once. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** The one-time recovery codes of an account with two-factor sign-in, as SHA-256 hashes; a spent code's row is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => twoFactor.userId, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export type TwoFactor = typeof twoFactor.$inferSelect;
