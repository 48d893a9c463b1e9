import { describe, expect, it } from "vitest";
import { putWebhookBody } from "./webhooks";

describe("the webhook URL", () => {
  it("is saved without the spaces or line break that a copy and paste brings around it", () => {
    expect(putWebhookBody.parse({ url: "  https://shop.example/webhooks \n", enabled: true }).url).toBe("https://shop.example/webhooks");
  });

  it("of only spaces is one left out", () => {
    expect(putWebhookBody.safeParse({ url: "   ", enabled: true }).error?.issues.map((issue) => issue.message)).toEqual([
      "Enter the URL that receives the events.",
    ]);
  });
});
