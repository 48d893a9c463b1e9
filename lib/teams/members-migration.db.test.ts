import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { MIGRATIONS_FOLDER, migrateDatabase } from "@/lib/migrations/migrate";

/** The migrations folder as it was before the members' migration, to start from a database of then. */
function foldersBeforeMembers(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "before-members-"));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === "0029_members");
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe(`the members migration on a database with accounts (${testDriver()})`, () => {
  let database: Database;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    before = foldersBeforeMembers();
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
  });
  afterAll(async () => {
    rmSync(before, { recursive: true, force: true });
    await database.close();
  });

  it("makes every reseller the owner of its own account and leaves admins outside any", async () => {
    await migrateDatabase(database, before);
    await database.db.execute(sql`insert into tariffs (tier, rank, monthly_price) values ('Bronze', 0, 0) on conflict do nothing`);
    await database.db.execute(
      sql`insert into users (id, email, name, password_hash, role) values ('usr_shop', 'shop@old.test', 'Shop', 'x', 'reseller'), ('usr_ops', 'ops@old.test', 'Ops', 'x', 'admin')`,
    );
    await migrateDatabase(database);
    const rows = await executeRows<{ id: string; account_id: string; member_role: string | null; two_factor_required: boolean }>(
      database.db,
      sql`select id, account_id, member_role, two_factor_required from users order by id`,
    );
    expect(rows).toEqual([
      { id: "usr_ops", account_id: "usr_ops", member_role: null, two_factor_required: false },
      { id: "usr_shop", account_id: "usr_shop", member_role: "owner", two_factor_required: false },
    ]);
  });
});
