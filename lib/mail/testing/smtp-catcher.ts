import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCatcher {
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Resolves with the first mail (arrived or arriving) to this address whose subject matches. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  /** The server refuses the next `count` messages with a temporary error (a server that is down for a while). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback for tests: it accepts every message, without TLS or login, and keeps it parsed. */
export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? "");
          mails.push({
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  const find = (to: string, subject?: RegExp) => mails.find((mail) => mail.to.includes(to) && (!subject || subject.test(mail.subject)));
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    refuseNext: (count) => {
      refusals = count;
    },
    waitFor: (to, subject, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, subject);
          if (!mail) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no mail to ${to}${subject ? ` matching ${subject}` : ""} within ${timeoutMs} ms (got: ${mails.map((m) => `${m.to}: ${m.subject}`).join("; ") || "none"})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
