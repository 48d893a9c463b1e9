import { describe, expect, it } from "vitest";
import { chatWindowOf, earlierMessagesHref } from "./chat-window";

describe("the chat window of an order page", () => {
  it("shows the latest 50 unless ?messages= asks for more, up to the 500 a chat holds", () => {
    expect([chatWindowOf(undefined), chatWindowOf(""), chatWindowOf("abc"), chatWindowOf("-5"), chatWindowOf("1e3"), chatWindowOf(["100", "150"])]).toEqual([
      50, 50, 50, 50, 50, 50,
    ]);
    expect([chatWindowOf("10"), chatWindowOf("100"), chatWindowOf(" 150 "), chatWindowOf("500"), chatWindowOf("501"), chatWindowOf("99999999")]).toEqual([
      50, 100, 150, 500, 500, 50,
    ]);
  });

  it("links to 50 more, scrolled to the chat, and to none past what a chat holds", () => {
    expect(earlierMessagesHref("/orders/ord_1", 50)).toBe("/orders/ord_1?messages=100#chat");
    expect(earlierMessagesHref("/admin/orders/ord_1", 480)).toBe("/admin/orders/ord_1?messages=500#chat");
    expect(earlierMessagesHref("/orders/ord_1", 500)).toBeNull();
  });
});
