import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { accountTokens } from "./mail";
import { users, type MemberRole } from "./users";

/**
 * An invitation to join a reseller account with a role. Its link is a single-use account token (purpose
 * "invitation", on the account's id, for the invitee's address), which expires after 7 days.
 */
export const memberInvitations = pgTable(
  "member_invitations",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<MemberRole>().notNull(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id),
    tokenId: text("token_id")
      .notNull()
      .references(() => accountTokens.id, { onDelete: "cascade" }),
    revokedAt: timestamptz("revoked_at"),
    acceptedAt: timestamptz("accepted_at"),
    createdAt: createdAt(),
  },
  (t) => [index("member_invitations_account_idx").on(t.accountId, t.createdAt)],
);

export type MemberInvitation = typeof memberInvitations.$inferSelect;
