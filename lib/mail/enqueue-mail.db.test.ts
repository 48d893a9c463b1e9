import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs, mailMessages } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { MAIL_SEND_JOB, enqueueMail, type MailMessage } from "./enqueue-mail";
import "./send-job";
import { startSmtpCatcher, type SmtpCatcher } from "./testing/smtp-catcher";

const quiet = () => {};
const message = (to: string, subject = "Hello"): MailMessage => ({ to, subject, text: "Plain words", html: "<p>Plain words</p>", kind: "test" });
const resetConfig = () => delete (globalThis as { __appConfig?: unknown }).__appConfig;

describe(`outgoing mail (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let smtp: SmtpCatcher;
  const savedUrl = process.env.SMTP_URL;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    smtp = await startSmtpCatcher();
  });
  afterEach(() => {
    if (savedUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = savedUrl;
    resetConfig();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });
  const useSmtp = () => {
    process.env.SMTP_URL = smtp.url;
    resetConfig();
  };
  const drain = () => runDueJobsOnce(db, "mail-test", { log: quiet });

  it("sends a committed message once through the SMTP server, in plain text and HTML, and keeps no body after", async () => {
    useSmtp();
    await db.transaction((tx) => enqueueMail(tx, message("once@example.com", "Once only")));
    await drain();
    const mail = await smtp.waitFor("once@example.com", /Once only/);
    expect(mail.text.trim()).toBe("Plain words");
    expect(mail.html).toContain("<p>Plain words</p>");
    expect(mail.from).toContain("no-reply@localhost");

    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.toAddress, "once@example.com"));
    expect(row).toMatchObject({ status: "sent", textBody: "", htmlBody: "" });
    // The same job run again (a worker that lost its lease after sending) sends nothing more.
    await db.execute(sql`update jobs set status = 'pending', run_at = now() where kind = ${MAIL_SEND_JOB} and payload->>'messageId' = ${row.id}`);
    await drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to.includes("once@example.com"))).toHaveLength(1);
  });

  it("sends nothing for a change that rolled back", async () => {
    useSmtp();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, message("rolled-back@example.com"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await drain();
    expect(await db.select().from(mailMessages).where(eq(mailMessages.toAddress, "rolled-back@example.com"))).toEqual([]);
    expect(smtp.mails.some((m) => m.to.includes("rolled-back@example.com"))).toBe(false);
  });

  it("retries with back-off while the server refuses, and sends once it takes the message", async () => {
    useSmtp();
    smtp.refuseNext(1);
    await enqueueMail(db, message("retry@example.com", "Second try"));
    await drain();
    const [job] = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${MAIL_SEND_JOB} and ${jobs.status} = 'pending'`);
    expect(job).toMatchObject({ attempts: 1 });
    expect(job.lastError).toMatch(/451|Try again later/);
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    await db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, job.id));
    await drain();
    await smtp.waitFor("retry@example.com", /Second try/);
    expect(smtp.mails.filter((m) => m.to.includes("retry@example.com"))).toHaveLength(1);
  });

  it("without SMTP_URL keeps the message, bodies and all, for the admin's Outbox", async () => {
    delete process.env.SMTP_URL;
    resetConfig();
    const before = smtp.mails.length;
    await enqueueMail(db, message("outbox@example.com", "Kept here"));
    await drain();
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.toAddress, "outbox@example.com"));
    expect(row).toMatchObject({ status: "kept", subject: "Kept here", textBody: "Plain words", htmlBody: "<p>Plain words</p>" });
    expect(smtp.mails.length).toBe(before);
  });
});
