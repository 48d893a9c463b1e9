import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { zodIssuesToValidation } from "@/lib/api/errors";
import { config, ConfigError } from "@/lib/config/env";
import { openDatabase, pgliteDirOf } from "@/lib/db/client";
import { acquireDataDirLock, DataDirBusyError } from "@/lib/db/data-dir-lock";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { AppError } from "@/lib/errors/app-error";
import { RestoreRefusedError } from "@/lib/maintenance/restore";
import { backupCommand, restoreCheckCommand, restoreCommand } from "./backup-commands";
import { readPasswordLine } from "./read-password";
import {
  adminCreate,
  dbSeed,
  encryptionRecover,
  jobsDiscard,
  jobsList,
  jobsRetry,
  offerAdd,
  refuseDemoSeedWithoutConsent,
  resellerCreate,
  resellerCredit,
  supplierAdd,
  supplierList,
  supplierTest,
  supplierWebhook,
  supplierImport,
  supplierSync,
  twoFactorOff,
  userSetPassword,
  UsageError,
  type Options,
} from "./commands";

const USAGE = `Usage: npm run cli -- <command> [options]

  db:migrate                                   apply database migrations
  db:seed [--demo]                             seed demo tariffs, accounts and a funded demo key;
                                               on Postgres (DATABASE_URL) only with --demo, for a trial or a test
  admin:create --email E --password P [--name N]
  reseller:create --email E --password P [--name N] [--tier Bronze|Silver|Gold] [--balance 100] [--api-key]
  reseller:credit --email E --amount 50 --note "..."   (a negative amount debits: --amount=-12.5)
  two-factor:off --email E                     turn off an account's two-factor sign-in and end its sessions
  user:set-password --email E                  set an account's password, read from standard input; ends its sessions
  encryption:recover --old-key HEX              re-encrypt under ENCRYPTION_KEY what another key wrote
                                               (stock codes, set-aside codes, delivered codes, webhook secrets and bodies, supplier keys)
  supplier:add --kind sandbox|reseller-api|reloadly|kinguin --name N [--url URL] [--key KEY | --client-id ID --client-secret S [--auth-url U]]
                                               add an upstream supplier; its key or client secret is stored encrypted, shown only as a hint
                                               (reloadly: --url defaults to https://giftcards.reloadly.com; kinguin: the key alone, the URL defaults to its production gateway)
  supplier:list                                every supplier with its state (balance, last error)
  supplier:test ID                             ask the supplier for our balance there, or say why it cannot
  supplier:webhook ID --url https://our.host   have the supplier send its signed order webhooks to us (reseller-api);
                                               its secret is stored encrypted, and polling stays the fallback
  supplier:import ID --category C [--group G] --margin 5% [--step 0.05] [--follow-cost]
                                               import the supplier's products of a category (or group) as ours, priced
                                               at cost plus the margin (a percent, or an amount such as 0.50)
  supplier:sync ID                             read the supplier's catalog now: costs, availability, paused or repriced products
  offer:add --sku S --supplier ID --upstream-sku U --cost 9.70 [--priority 0]
                                               sell a product from a supplier's product at that cost per unit
  jobs:list [--failed]                         the job backlog by kind (due, running, the oldest's wait in seconds);
                                               with --failed the jobs that ran out of attempts, with their errors
  jobs:retry ID                                run a failed job again now, with its attempts counted from zero
  jobs:discard ID                              delete a failed job: what it was to do will not be done
  backup --out FILE                            the embedded database (server stopped) as a gzip tarball, with its generated key
  restore --in FILE [--replace]                put a backup into DATA_DIR; --replace moves the database there aside first
  restore:check                                after a restore (pg_restore on Postgres): the key opens the data,
                                               balances equal their ledgers, migrations applied; exits 1 if not

Uses the same configuration as the server: the embedded database in DATA_DIR, or DATABASE_URL.`;

async function run(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    allowNegative: false,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      tier: { type: "string" },
      balance: { type: "string" },
      amount: { type: "string" },
      note: { type: "string" },
      "api-key": { type: "boolean" },
      demo: { type: "boolean" },
      "old-key": { type: "string" },
      kind: { type: "string" },
      url: { type: "string" },
      key: { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      "auth-url": { type: "string" },
      sku: { type: "string" },
      supplier: { type: "string" },
      "upstream-sku": { type: "string" },
      cost: { type: "string" },
      priority: { type: "string" },
      category: { type: "string" },
      group: { type: "string" },
      margin: { type: "string" },
      step: { type: "string" },
      "follow-cost": { type: "boolean" },
      failed: { type: "boolean" },
      out: { type: "string" },
      in: { type: "string" },
      replace: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  const commands: Record<string, (db: ReturnType<typeof openDatabase>["db"], options: Options) => Promise<unknown>> = {
    "db:migrate": async () => ({ migrated: true }),
    "db:seed": dbSeed,
    "admin:create": adminCreate,
    "reseller:create": resellerCreate,
    "reseller:credit": resellerCredit,
    "two-factor:off": twoFactorOff,
    "user:set-password": (db, options) => userSetPassword(db, options, () => readPasswordLine(process.stdin, (text) => process.stderr.write(text))),
    "encryption:recover": encryptionRecover,
    "supplier:add": supplierAdd,
    "supplier:list": (db) => supplierList(db),
    "supplier:test": (db, options) => supplierTest(db, options, positionals[1]),
    "supplier:webhook": (db, options) => supplierWebhook(db, options, positionals[1]),
    "supplier:import": (db, options) => supplierImport(db, options, positionals[1]),
    "supplier:sync": (db, options) => supplierSync(db, options, positionals[1]),
    "offer:add": offerAdd,
    "jobs:list": jobsList,
    "jobs:retry": (db, options) => jobsRetry(db, options, positionals[1]),
    "jobs:discard": (db, options) => jobsDiscard(db, options, positionals[1]),
  };
  const operations: Record<string, (options: Options) => Promise<number>> = {
    backup: backupCommand,
    restore: restoreCommand,
    "restore:check": restoreCheckCommand,
  };
  if (command && !values.help && operations[command]) return operations[command](values);
  if (values.help || !command || !commands[command]) {
    console.error(USAGE);
    return command && !values.help ? 2 : 0;
  }

  const cfg = config();
  if (command === "db:seed") refuseDemoSeedWithoutConsent(cfg, values);
  const releaseLock = cfg.DATABASE_URL ? () => {} : acquireDataDirLock(cfg.dataDir, "command line");
  const database = openDatabase({ url: cfg.DATABASE_URL, pgliteDir: pgliteDirOf(cfg.dataDir), maxConnections: 2 });
  try {
    await migrateDatabase(database);
    const result = await commands[command](database.db, values);
    console.log(JSON.stringify(result));
    return 0;
  } finally {
    await database.close();
    releaseLock();
  }
}

run()
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof ZodError) {
      console.error(
        zodIssuesToValidation(error)
          .map((i) => `error: ${i.path ? `--${i.path.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : "input"}: ${i.message}`)
          .join("\n"),
      );
    } else if (
      error instanceof UsageError ||
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof DataDirBusyError ||
      error instanceof RestoreRefusedError
    ) {
      console.error(`error: ${error.message}`);
    } else if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`error: ${error.message}\n\n${USAGE}`);
    } else {
      console.error("error:", error);
    }
    process.exit(1);
  });
