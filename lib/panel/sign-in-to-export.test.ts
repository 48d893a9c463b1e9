import { describe, expect, it } from "vitest";
import { adminsOnlyExport, resellersOnlyExport } from "./sign-in-to-export";

describe("the exports' refusals", () => {
  it("ask a signed-out request to sign in (401) and refuse a signed-in user of the other role (403), each way alike", async () => {
    const signedOut = resellersOnlyExport("orders", false, "use the admin's");
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toBe("Sign in as a reseller to export orders.\n");

    const admin = resellersOnlyExport("orders", true, "export every reseller's orders on Admin > Orders (/admin/orders)");
    expect(admin.status).toBe(403);
    expect(admin.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await admin.text()).toBe(
      "Only a reseller can export their own orders. As an admin, export every reseller's orders on Admin > Orders (/admin/orders).\n",
    );

    expect(adminsOnlyExport("orders", false).status).toBe(401);
    expect(adminsOnlyExport("orders", true).status).toBe(403);
  });
});
