import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

export type InstanceKind = "server" | "worker";

/**
 * The servers and workers running on this database, each beating every few seconds: what the System
 * page lists as seen recently. A row whose process stopped beating is pruned after a while.
 */
export const instances = pgTable(
  "instances",
  {
    /** Unique per process and start: host, pid and a random part, as a worker's id in the jobs table. */
    id: text("id").primaryKey(),
    kind: text("kind").$type<InstanceKind>().notNull(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    version: text("version").notNull(),
    startedAt: timestamptz("started_at").notNull(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("instances_last_seen_idx").on(t.lastSeenAt)],
);

export type Instance = typeof instances.$inferSelect;
