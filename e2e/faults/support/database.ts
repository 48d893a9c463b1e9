/*
 * The suite's own database on the real Postgres: created empty for one run and dropped after it,
 * and the suite's own connection to it, named so that the faults it injects spare it.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The suite's sessions carry this name; every other session on the database is the app's. */
export const SUITE_APPLICATION = "faults-suite";

export interface SuiteDatabase {
  name: string;
  url: string;
  sql: postgres.Sql;
  /** Ends every session on the database but the suite's own, as a failover or a network cut would. */
  terminateAppBackends(): Promise<number>;
  drop(): Promise<void>;
}

export async function createSuiteDatabase(): Promise<SuiteDatabase> {
  const name = `faults_${randomBytes(6).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connection: { application_name: SUITE_APPLICATION } });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 3, onnotice: () => {}, connection: { application_name: SUITE_APPLICATION } });
  return {
    name,
    url: url.toString(),
    sql,
    async terminateAppBackends() {
      const rows = await admin`
        select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = ${name} and pid <> pg_backend_pid() and application_name <> ${SUITE_APPLICATION}`;
      return rows.filter((row) => row.ended).length;
    },
    async drop() {
      await sql.end({ timeout: 2 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 2 });
    },
  };
}
