import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * Panel sessions signed out before their time. A session is a JWT held only in its cookie, so clearing
 * the cookie ends it in one browser alone; a copy of it stays good until it is listed here. A row is
 * kept until the session would have ended anyway, then pruned.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ended_sessions_expires_at_idx").on(t.expiresAt)],
);
