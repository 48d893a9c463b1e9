import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { TEST_POSTGRES_URL } from "./test-database";

/**
 * Vitest's global setup: one migrated database per run that each suite's fresh database starts from
 * (lib/db/testing/test-database.ts), so that the 75 database suites on each driver do not each run every
 * migration, nor PGlite its initdb: a PGlite loaded from a dump opens in under half the time, and a
 * Postgres database copied from a template in a twentieth. Each suite still gets a database of its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const pglite = openDatabase({ pgliteDir: "memory://" });
  await migrateDatabase(pglite);
  const dumpFile = path.join(os.tmpdir(), `reseller-panel-test-template-${process.pid}.tar.gz`);
  writeFileSync(dumpFile, Buffer.from(await (await pglite.dumpDataDir!()).arrayBuffer()));
  await pglite.close();
  process.env.TEST_PGLITE_TEMPLATE = dumpFile;

  let dropTemplate = async () => {};
  if (process.env.TEST_POSTGRES === "1") {
    const name = `t_template_${process.pid}`;
    const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}"`);
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    const template = openDatabase({ url: url.toString(), maxConnections: 1 });
    await migrateDatabase(template);
    // A template must have no connection open while databases are copied from it.
    await template.close();
    process.env.TEST_POSTGRES_TEMPLATE = name;
    dropTemplate = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  return async () => {
    rmSync(dumpFile, { force: true });
    await dropTemplate();
  };
}
