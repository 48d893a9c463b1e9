import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config/env";

/** Well inside a job's lease (15 s), so a slow server fails the attempt rather than letting another worker send it again. */
const SMTP_TIMEOUT_MS = 10_000;

const cache = globalThis as unknown as { __mailTransport?: { url: string; transport: Transporter } };

/** The SMTP transport of SMTP_URL, or null when mail is kept for the Outbox instead. */
export function mailTransport(): Transporter | null {
  const url = config().SMTP_URL;
  if (!url) return null;
  if (cache.__mailTransport?.url !== url) {
    cache.__mailTransport?.transport.close();
    cache.__mailTransport = {
      url,
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    };
  }
  return cache.__mailTransport.transport;
}
