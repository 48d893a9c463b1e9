/*
 * The baseline: a bare node:http server that does the app's SQL for the three benchmarked routes
 * with postgres.js directly (tagged templates, so prepared statements, as postgres.js does by
 * default). No framework, no ORM, no auth, no rate limit, no schema validation: the floor the app
 * is compared against. The statements are those the app sends (read from Postgres' statement log),
 * in the same order, inside the same transactions; the responses carry the same JSON.
 *
 *   DATABASE_URL=... ENCRYPTION_KEY=... BENCH_USER_ID=usr_... PORT=... node --import tsx bench/baseline-server.ts
 */
import { createDecipheriv, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import postgres from "postgres";
import { discountedPrice } from "@/lib/catalog/pricing";
import { newId } from "@/lib/ids/ids";
import { formatMoney } from "@/lib/money/money";

const { DATABASE_URL, ENCRYPTION_KEY, BENCH_USER_ID, PORT } = process.env;
if (!DATABASE_URL || !ENCRYPTION_KEY || !BENCH_USER_ID || !PORT) throw new Error("DATABASE_URL, ENCRYPTION_KEY, BENCH_USER_ID and PORT are required");
const userId = BENCH_USER_ID;
const key = Buffer.from(ENCRYPTION_KEY, "hex");
// The app's pool has 10 connections too.
const sql = postgres(DATABASE_URL, { max: 10, onnotice: () => {} });

type Row = Record<string, unknown>;

function decrypt(stored: string): string {
  const [, iv, tag, ciphertext] = stored.split(":");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

interface StoredDelivery {
  items: { codeEncrypted: string | null; pinEncrypted: string | null; serial: string | null }[];
  note: string | null;
}

function orderRecord(o: Row, withCodes: boolean) {
  const delivery = o.delivery as StoredDelivery | null;
  return {
    order_id: o.id,
    type: o.type,
    status: o.status,
    sku: o.sku,
    product_name: o.product_name,
    quantity: o.quantity,
    unit_price: formatMoney(BigInt(o.unit_price as string)),
    total: formatMoney(BigInt(o.total as string)),
    currency: "USD",
    fields: o.fields,
    reference: o.reference,
    delivery:
      withCodes && (o.status === "completed" || o.status === "refunded")
        ? {
            items: (delivery?.items ?? []).map((item) => ({
              code: item.codeEncrypted ? decrypt(item.codeEncrypted) : null,
              pin: item.pinEncrypted ? decrypt(item.pinEncrypted) : null,
              serial: item.serial,
            })),
            note: delivery?.note ?? null,
          }
        : null,
    failure_reason: o.failure_reason,
    source: o.source,
    created_at: (o.created_at as Date).toISOString(),
    updated_at: (o.updated_at as Date).toISOString(),
    completed_at: o.completed_at ? (o.completed_at as Date).toISOString() : null,
  };
}

function productRecord(p: Row, available: unknown, discounts: Record<string, string>) {
  const meta = p.meta as Record<string, unknown>;
  const stock = p.fulfilment === "stock" ? Number(available ?? 0) : null;
  return {
    sku: p.sku,
    category: p.category,
    name: p.name,
    group: p.group,
    region: p.region,
    price: formatMoney(discountedPrice(BigInt(p.listPrice as string), discounts[p.category as string])),
    list_price: formatMoney(BigInt(p.listPrice as string)),
    currency: "USD",
    on_sale: p.enabled,
    in_stock: (p.enabled as boolean) && (stock === null || stock > 0),
    stock,
    min_quantity: p.minQuantity,
    max_quantity: p.maxQuantity,
    fields: (p.fields as { name: string; label: string; required: boolean; pattern?: string | null }[]).map((f) => ({
      name: f.name,
      label: f.label,
      required: f.required,
      pattern: f.pattern ?? null,
    })),
    attributes: {
      ...(meta.platform !== undefined && { platform: meta.platform }),
      ...(meta.appid !== undefined && { appid: meta.appid }),
      ...(meta.months !== undefined && { months: meta.months }),
      ...(meta.stars !== undefined && { stars: meta.stars }),
      ...(meta.walletCurrency !== undefined && { wallet_currency: meta.walletCurrency }),
      ...(meta.walletAmount !== undefined && { wallet_amount: meta.walletAmount }),
    },
  };
}

const [{ tier }] = await sql`select tier from users where id = ${userId}`;
// The app's audit row names the key an order came with and the member who made the key.
const [apiKey] = await sql`select id, created_by from api_keys where user_id = ${userId} limit 1`;

const tierDiscounts = async (): Promise<Record<string, string>> => {
  const [row] = await sql`select discounts from tariffs where tier = ${tier} limit 1`;
  return (row?.discounts as Record<string, string>) ?? {};
};

const PRODUCT_COLUMNS = sql`sku, category, name, group_name, region, list_price, fields, min_quantity, max_quantity, fulfilment, enabled, meta, low_stock_threshold, created_at, updated_at`;

async function catalog() {
  const [rows, discounts] = await Promise.all([
    sql`select p.sku, p.category, p.name, p.group_name as "group", p.region, p.list_price::text as "listPrice", p.fields,
               p.min_quantity as "minQuantity", p.max_quantity as "maxQuantity", p.fulfilment, p.enabled, p.meta,
               p.low_stock_threshold as "lowStockThreshold", p.in_stock_seen as "inStockSeen", a.available::int as available
        from products p
        left join (select sku, count(*) as available from stock_codes where order_id is null group by sku) a on a.sku = p.sku
        where p.enabled = true and p.sku > ${""}
        order by p.sku asc
        limit ${51}`,
    tierDiscounts(),
  ]);
  const page = rows.slice(0, 50);
  return {
    status: 200,
    body: { data: page.map((r) => productRecord(r, r.available, discounts)), next_cursor: rows.length > 50 ? page[page.length - 1].sku : null },
  };
}

class Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {}
}

async function placeOrder(input: { sku?: unknown; quantity?: unknown }, ip: string) {
  const sku = String(input.sku ?? "");
  const quantity = input.quantity === undefined ? 1 : Number(input.quantity);
  const orderId = newId("ord");

  // The order's one transaction: the product and the buyer's balance read and checked, the order, its
  // event, stock claimed and delivered, the order completed and its event, then the conditional debit
  // with its ledger entry in one statement.
  const completed = await sql.begin(async (tx) => {
    const [product] = await tx`select ${PRODUCT_COLUMNS} from products where sku = ${sku} limit 1`;
    if (!product || !product.enabled) throw new Refusal(404, "product_unavailable");
    if (!Number.isInteger(quantity) || quantity < (product.min_quantity as number) || quantity > (product.max_quantity as number))
      throw new Refusal(400, "validation_error");
    const [pricing] = await tx`select u.balance, t.discounts from users u left join tariffs t on t.tier = ${tier} where u.id = ${userId} limit 1`;
    const unitPrice = discountedPrice(
      BigInt(product.list_price as string),
      ((pricing.discounts as Record<string, string> | null) ?? {})[product.category as string],
    );
    const total = unitPrice * BigInt(quantity);
    if (BigInt(pricing.balance as string) < total) throw new Refusal(402, "insufficient_balance");
    const [order] = await tx`insert into orders (id, user_id, sku, product_name, type, quantity, unit_price, total, fields, reference, source)
             values (${orderId}, ${userId}, ${sku}, ${product.name as string}, ${product.category as string}, ${quantity}, ${unitPrice.toString()}, ${total.toString()}, ${tx.json({})}, ${null}, 'api')
             returning id, user_id, sku, product_name, type, status, quantity, unit_price, total, fields, reference, source, delivery, failure_reason, created_at, updated_at, completed_at`;
    const webhookOn = await recordEvent(tx, "order.created", { ...orderRecord(order, false), delivery: null });
    await tx`insert into audit_log (id, account_id, actor_user_id, actor_key_id, action, subject, details, ip)
             values (${newId("aud")}, ${userId}, ${(apiKey?.created_by as string | null) ?? null}, ${(apiKey?.id as string | undefined) ?? null}, 'order.placed', ${orderId},
                     ${tx.json({ sku, quantity, total: formatMoney(total), source: "api" })}, ${ip})`;
    const claimed = await tx`update stock_codes set order_id = ${orderId}, delivered_at = now()
                             where id in (select id from stock_codes where sku = ${sku} and order_id is null order by created_at, id limit ${quantity} for update skip locked)
                             returning id, code_encrypted, pin_encrypted, serial`;
    if (claimed.length < quantity) throw new Refusal(409, "out_of_stock");
    claimed.sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1));
    const delivery: StoredDelivery = {
      items: claimed.map((c) => ({
        codeEncrypted: c.code_encrypted as string,
        pinEncrypted: c.pin_encrypted as string | null,
        serial: c.serial as string | null,
      })),
      note: null,
    };
    const [done] = await tx`update orders set status = 'completed', delivery = ${tx.json(delivery as never)}, updated_at = now(), completed_at = ${new Date()}
                            where id = ${orderId} and status = 'processing'
                            returning id, user_id, sku, product_name, type, status, quantity, unit_price, total, fields, reference, source, delivery, failure_reason, created_at, updated_at, completed_at`;
    await recordEvent(
      tx,
      "order.status_changed",
      { ...orderRecord({ ...done, delivery: null }, false), delivery: null, previous_status: "processing" },
      webhookOn,
    );
    const amount = (-total).toString();
    // The debit also returns the low-balance threshold, which the app checks for a crossing.
    const [entry] =
      await tx`with moved as (update users set balance = users.balance + ${amount} where (users.id = ${userId} and users.balance + ${amount} >= ${0}) returning balance, low_balance_threshold),
             entry as (insert into ledger_entries (id, user_id, type, amount, balance_after, order_id, payment_id, chain_transfer_id, description, created_by, created_at)
               select ${newId("txn")}::text, ${userId}::text, ${"order"}::text, ${amount}::bigint, balance, ${orderId}::text, ${null}::text, ${null}::text, ${product.name as string}::text, ${null}::text, now() from moved
               returning id, user_id, type, amount, balance_after, order_id, payment_id, chain_transfer_id, description, created_by, created_at)
             select entry.*, moved.balance, moved.low_balance_threshold from entry cross join moved`;
    if (!entry) {
      await tx`select balance from users where id = ${userId}`;
      throw new Refusal(402, "insufficient_balance");
    }
    const after = BigInt(entry.balance_after as string);
    const threshold = BigInt(entry.low_balance_threshold as string);
    if (after < threshold && after - BigInt(amount) >= threshold) console.log("the baseline's reseller crossed its low-balance threshold");
    return done;
  });
  return { status: 201, body: orderRecord(completed, true) };
}

/** The app reads whether the webhook is on once per transaction; `webhookOn` is that first read. */
async function recordEvent(tx: postgres.TransactionSql, type: string, data: Record<string, unknown>, webhookOn?: boolean): Promise<boolean> {
  const id = randomUUID();
  await tx`insert into events (id, user_id, type, data) values (${id}, ${userId}, ${type}, ${tx.json(data as never)})`;
  const enabled = webhookOn ?? (await tx`select user_id from webhook_endpoints where user_id = ${userId} and enabled = true`).length > 0;
  if (enabled) {
    await tx`insert into jobs (kind, payload, dedupe_key) values ('webhook.deliver', ${tx.json({ eventId: id, attempt: 1 })}, ${`webhook.deliver:${id}:1`})
             on conflict (dedupe_key) where status in ('pending', 'running') do nothing`;
  }
  return enabled;
}

async function getOrder(orderId: string) {
  const [order] =
    await sql`select id, user_id, sku, product_name, type, status, quantity, unit_price, total, fields, reference, source, delivery, failure_reason, created_at, updated_at, completed_at
                            from orders where id = ${orderId} and user_id = ${userId} limit 1`;
  if (!order) throw new Refusal(404, "not_found");
  return { status: 200, body: orderRecord(order, true) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" });
  res.end(text);
}

const server = createServer(async (req, res) => {
  try {
    const path = (req.url ?? "/").split("?")[0];
    let result: { status: number; body: unknown };
    if (req.method === "GET" && path === "/api/v2/catalog") result = await catalog();
    else if (req.method === "POST" && path === "/api/v2/order")
      result = await placeOrder(JSON.parse((await readBody(req)) || "{}"), (req.socket.remoteAddress ?? "").replace(/^::ffff:/, ""));
    else if (req.method === "GET" && path.startsWith("/api/v2/order/")) result = await getOrder(decodeURIComponent(path.slice("/api/v2/order/".length)));
    else result = { status: 404, body: { error: { code: "not_found" } } };
    send(res, result.status, result.body);
  } catch (error) {
    if (error instanceof Refusal) send(res, error.status, { error: { code: error.code } });
    else {
      console.error(error);
      send(res, 500, { error: { code: "internal" } });
    }
  }
});
server.keepAliveTimeout = 5_000;
server.listen(Number(PORT), "127.0.0.1", () => console.log(`baseline on http://127.0.0.1:${PORT}`));

const stop = () => {
  server.close();
  void sql.end({ timeout: 2 }).finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
