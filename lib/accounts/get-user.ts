import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";

export async function findUserById(db: DbOrTx, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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
