// Apart from tier-card, so that the client-side tariff form does not pull the database schema into the browser.
export const CATEGORY_LABELS: Record<string, string> = {
  topup: "Game top-ups",
  giftcard: "Gift cards",
  gamekey: "Game keys",
  platformtopup: "Platform top-ups",
  platformgift: "Platform gifts",
  messenger_premium: "Messenger premium",
  messenger_stars: "Messenger stars",
  manual: "Manual orders",
};
