import { renderMail } from "./layout";

export function passwordResetMail(to: string, link: string) {
  return renderMail({
    kind: "password_reset",
    to,
    subject: "Reset your password",
    lines: ["Someone (we hope you) asked to reset the password of your reseller account.", "The link works once, for 30 minutes."],
    action: { label: "Choose a new password", url: link },
    after: ["If you did not ask, ignore this message: your password stays as it is."],
  });
}
