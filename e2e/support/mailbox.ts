import { existsSync, readFileSync } from "node:fs";
import type { CaughtMail } from "@/lib/mail/testing/smtp-catcher";
import { mailboxFileFor } from "./fixture-data";
import { expect } from "./test";

function received(port: number): CaughtMail[] {
  const file = mailboxFileFor(port);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CaughtMail);
}

/** The mails the e2e server's SMTP server received for this address, oldest first. */
export function mailsTo(baseURL: string, to: string): CaughtMail[] {
  return received(Number(new URL(baseURL).port)).filter((mail) => mail.to.includes(to));
}

/** Waits for the `nth` (1: the first) mail to this address whose subject matches, as the server's worker sends it. */
export async function waitForMail(baseURL: string, to: string, subject: RegExp, nth = 1): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(baseURL, to).filter((mail) => subject.test(mail.subject))[nth - 1];
        return found !== undefined;
      },
      { message: `mail ${nth} to ${to} matching ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The link of a mail's plain text that leads to this path. */
export function linkIn(mail: CaughtMail, path: string): string {
  const link = mail.text.match(new RegExp(`https?://\\S+${path.replace(/\//g, "\\/")}\\?token=\\S+`))?.[0];
  expect(link, `a ${path} link in "${mail.subject}"`).toBeDefined();
  return link!;
}
