import { describe, expect, it } from "vitest";
import { renderMail } from "./layout";
import { passwordResetMail } from "./password-reset";

describe("mail templates", () => {
  it("write the plain text and the HTML from the same words, the link in both", () => {
    const mail = passwordResetMail("a@example.com", "https://panel.example.com/reset-password?token=abc_DEF-1");
    expect(mail).toMatchObject({ kind: "password_reset", to: "a@example.com", subject: "Reset your password" });
    expect(mail.text).toContain("Choose a new password:\nhttps://panel.example.com/reset-password?token=abc_DEF-1");
    expect(mail.html).toContain('href="https://panel.example.com/reset-password?token=abc_DEF-1"');
    expect(mail.text).toContain("The link works once, for 30 minutes.");
    expect(mail.html).toContain("The link works once, for 30 minutes.");
  });

  it("escape what they quote in the HTML, so an address or a name cannot add markup", () => {
    const mail = renderMail({
      kind: "test",
      to: "x@example.com",
      subject: "s",
      lines: ['<b>"Shop" & co</b>'],
      action: { label: "Go", url: 'https://x.test/?a=1&b="2"' },
    });
    expect(mail.html).toContain("&lt;b&gt;&quot;Shop&quot; &amp; co&lt;/b&gt;");
    expect(mail.html).toContain('href="https://x.test/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).not.toContain("<b>");
    expect(mail.text).toContain('<b>"Shop" & co</b>');
  });
});
