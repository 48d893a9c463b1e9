import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { verifyPassword } from "@/lib/auth/password";
import { LOGIN_LIMIT } from "@/lib/ratelimit/categories";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { changePassword } from "./change-password";
import { createUser } from "./create-user";
import { getUserOrThrow } from "./get-user";

describe(`changing a panel password (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("counts each check of the current password, so a stolen session cannot guess it without end", async () => {
    const user = await createUser(db, { email: `guessed-${Date.now()}@test.dev`, password: "the-real-password-1" });
    for (let i = 0; i < LOGIN_LIMIT.limit; i++) {
      await expect(changePassword(db, { userId: user.id, currentPassword: `guess-number-${i}`, newPassword: "taken-over-password" })).rejects.toMatchObject({
        code: "validation_error",
        message: "The current password is wrong.",
      });
    }
    // Past the limit even the right password is refused, before it is compared: the guesses tell nothing more.
    await expect(changePassword(db, { userId: user.id, currentPassword: "the-real-password-1", newPassword: "taken-over-password" })).rejects.toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(/^Too many password checks\. Try again in \d+ minutes?\.$/),
    });
    expect(await verifyPassword((await getUserOrThrow(db, user.id)).passwordHash, "the-real-password-1")).toBe(true);

    // Another account's budget is its own.
    const other = await createUser(db, { email: `untouched-${Date.now()}@test.dev`, password: "another-password-1" });
    await changePassword(db, { userId: other.id, currentPassword: "another-password-1", newPassword: "another-password-2" });
    expect(await verifyPassword((await getUserOrThrow(db, other.id)).passwordHash, "another-password-2")).toBe(true);
  });
});
