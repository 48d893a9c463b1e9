import { renderMail } from "./layout";

export function emailVerificationMail(to: string, link: string) {
  return renderMail({
    kind: "email_verification",
    to,
    subject: "Confirm your email address",
    lines: [
      "Confirm that this address belongs to your reseller account. Until then, the account cannot buy or make API keys.",
      "The link works once, for 24 hours.",
    ],
    action: { label: "Confirm this address", url: link },
    after: ["If you did not open an account, ignore this message."],
  });
}
