import type { MailMessage } from "../enqueue-mail";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export interface MailContent {
  kind: string;
  to: string;
  subject: string;
  /** Paragraphs before the link (or the whole message without one). */
  lines: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the link. */
  after?: string[];
}

/** One message in plain text and simple HTML from the same words, so the two never say different things. */
export function renderMail(content: MailContent): MailMessage {
  const after = content.after ?? [];
  const text = [...content.lines, ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []), ...after].join("\n\n") + "\n";
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#64748b">Or open this address: ${escapeHtml(content.action.url)}</p>`
    : "";
  const html =
    `<!doctype html><html><body style="margin:0;padding:24px;font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">` +
    `<div style="max-width:560px">${content.lines.map(paragraph).join("")}${button}${after.map(paragraph).join("")}</div></body></html>`;
  return { kind: content.kind, to: content.to, subject: content.subject, text, html };
}
