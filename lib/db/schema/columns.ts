import { bigint, timestamp } from "drizzle-orm/pg-core";

/** Money columns hold micro-dollars as bigint, never a float. */
export const micros = (name: string) => bigint(name, { mode: "bigint" });

export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
