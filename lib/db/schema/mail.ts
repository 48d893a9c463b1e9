import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export type MailStatus = "queued" | "sent" | "kept";

/**
 * Outgoing mail. A row is written in the transaction of the change it tells about, with the job that
 * sends it; "sent" went out through SMTP (its bodies are then cleared: they may hold a link that signs
 * someone in), "kept" stays here for the admin's Outbox when no SMTP server is configured.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status").$type<MailStatus>().notNull().default("queued"),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("mail_messages_kept_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'kept'`),
    check("mail_messages_status_valid", sql`${t.status} in ('queued', 'sent', 'kept')`),
  ],
);

export type MailMessageRow = typeof mailMessages.$inferSelect;

export type AccountTokenPurpose = "password_reset" | "email_verification" | "invitation";

/**
 * Single-use links sent by mail: a password reset, or the confirmation of an address. Only the
 * token's SHA-256 is kept, so a copy of the database signs no one in.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address a verification confirms (the new one, for a change of address), or an invitation was sent to. */
    email: text("email"),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_key").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    check("account_tokens_purpose_valid", sql`${t.purpose} in ('password_reset', 'email_verification', 'invitation')`),
  ],
);

export type AccountToken = typeof accountTokens.$inferSelect;
