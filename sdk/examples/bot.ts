import { ResellerApiError, ResellerClient } from "@reseller-panel/sdk";

// A bot's whole cycle: pick a product, order it, wait for it to complete, hand over the code.
const client = new ResellerClient({ baseUrl: process.env.RESELLER_URL ?? "http://127.0.0.1:3000", apiKey: process.env.RESELLER_API_KEY ?? "" });

try {
  const { data: products } = await client.listCatalog({ query: { category: "giftcard", limit: 10 } });
  const product = products.find((candidate) => candidate.in_stock);
  if (!product) throw new Error("Nothing in stock.");

  let order = await client.createOrder({ body: { sku: product.sku, quantity: 1 } });
  while (order.status === "processing") {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    order = await client.getOrder({ path: { orderId: order.order_id } });
  }
  if (order.status !== "completed") throw new Error(`Order ${order.order_id} ${order.status}: ${order.failure_reason}`);
  for (const item of order.delivery?.items ?? []) process.stdout.write(`${item.code}\n`);
} catch (error) {
  if (!(error instanceof ResellerApiError)) throw error;
  process.stderr.write(`${error.status} ${error.code}: ${error.message} (request ${error.requestId})\n`);
  process.exitCode = 1;
}
