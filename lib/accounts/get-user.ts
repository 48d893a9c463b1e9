import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { users, type User } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";

const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("user_by_id"),
);

export async function findUserById(db: DbOrTx, id: string): Promise<User | null> {
  const [user] = await userById(db).execute({ id });
  return user ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user ?? null;
}

export async function getUserOrThrow(db: DbOrTx, id: string): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw notFound("Account");
  return user;
}

/** An account as the admin's lists name it: its id, and the email an admin knows it by. */
export interface AccountRef {
  id: string;
  email: string;
}
