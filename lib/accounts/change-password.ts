import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { countPasswordCheck } from "@/lib/auth/login-attempts";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { AppError } from "@/lib/errors/app-error";
import { notify } from "@/lib/notifications/notify";
import { getUserOrThrow } from "./get-user";
import { passwordSchema } from "./schemas";

/** Replaces a panel password after checking the current one, and ends every session signed in before it. */
export async function changePassword(db: DbOrTx, input: { userId: string; currentPassword: string; newPassword: string }): Promise<void> {
  const user = await getUserOrThrow(db, input.userId);
  const refusal = await countPasswordCheck(user.id);
  if (refusal) throw new AppError("rate_limited", refusal.message, { retry_after: refusal.retryAfterSeconds });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("validation_error", "The current password is wrong.", {
      issues: [{ path: "currentPassword", message: "The current password is wrong." }],
    });
  }
  const parsed = passwordSchema.safeParse(input.newPassword);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Choose another password.";
    throw new AppError("validation_error", message, { issues: [{ path: "newPassword", message }] });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError("validation_error", "The new password must differ from the current one.", {
      issues: [{ path: "newPassword", message: "The new password must differ from the current one." }],
    });
  }
  const passwordHash = await hashPassword(parsed.data);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, sessionsValidAfter: new Date() }).where(eq(users.id, user.id));
    await notify(tx, { userId: user.id, kind: "security", event: "password_changed" });
  });
}
