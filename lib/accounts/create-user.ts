import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import type { DbOrTx } from "@/lib/db/client";
import { users, type MemberRole, type Role, type Tier, type User } from "@/lib/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { newId } from "@/lib/ids/ids";
import { addMonths } from "@/lib/subscriptions/rules";
import { schedulePeriodEnd } from "@/lib/subscriptions/subscription";
import { emailSchema, nameSchema, passwordSchema } from "./schemas";

export const ADDRESS_TAKEN = "An account with this email already exists.";

const accountInput = z.object({ email: emailSchema, password: passwordSchema, name: nameSchema });

export interface CreateUserInput {
  email: string;
  password: string;
  name?: string;
  role?: Role;
  tier?: Tier;
  /** For a person joining a reseller's account (an accepted invitation): the account and their role on it. */
  member?: { accountId: string; role: MemberRole };
  /** Whether the address counts as confirmed at once: accounts an operator makes (seed, CLI, admin) are; registration's only when confirmation is not required. */
  verified?: boolean;
}

/**
 * Creates a panel account; the email is the sign-in name and must be unused. Resellers start on Bronze
 * (free, no period); one created on Silver or Gold (the demo seed, the CLI) gets a first month from now,
 * not charged, renewed from the balance at its end like any other.
 */
export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<User> {
  // One schema, so that a refusal names its field (the CLI's --password, the form's password).
  const { email, password, name } = accountInput.parse({ ...input, name: input.name ?? input.email.split("@")[0] });
  const passwordHash = await hashPassword(password);
  const tier = input.tier ?? "Bronze";
  const paid = tier !== "Bronze";
  const now = new Date();
  const id = newId("usr");
  const role = input.member ? "member" : (input.role ?? "reseller");
  const [user] = await db
    .insert(users)
    .values({
      id,
      // A reseller is its own account, which it owns; an admin belongs to no reseller's.
      accountId: input.member?.accountId ?? id,
      memberRole: input.member?.role ?? (role === "reseller" ? "owner" : null),
      email,
      name,
      passwordHash,
      emailVerifiedAt: input.verified === false ? null : now,
      role,
      tier,
      periodStart: paid ? now : null,
      periodEnd: paid ? addMonths(now) : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw new AppError("validation_error", ADDRESS_TAKEN, { issues: [{ path: "email", message: ADDRESS_TAKEN }] });
  await schedulePeriodEnd(db, user);
  return user;
}
