import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Kinguin eCommerce API on loopback, answering in the shapes of its public documentation
 * (kinguinltdhk/Kinguin-eCommerce-API): served under /esa/api as the gateway is; X-Api-Key auth and its
 * 401 body (api/README.md); GET /v1/products with page, limit (at most 100), name, and `results` +
 * `item_count`, GET /v2/products/{productId} with 404 for a product that is gone (api/products/v1, v2);
 * POST /v2/order answering 201 with the Order Object, its limits (qty 9 per product, 10 products)
 * and the price: an order priced below the cheapest offer, or for more than its qty, finds no offer
 * (ProductUnavailable) (api/order/v2/README.md); GET /v1/order/{orderId} and GET /v1/order?orderExternalId=
 * (api/order/v1/README.md); GET /v2/order/{orderId}/keys with page and limit, keys text/plain or
 * image/png with the image base64 in `serial`; GET /v1/balance as a float; every error as
 * { kind, status, title, detail, path, method, trace, timestamp } (api/ErrorsCodes.md).
 *
 * Two answers the documentation does not give, and what this fake assumes for them: a reused
 * orderExternalId ("The value should be unique") is refused as a 400 ConstraintViolation on the
 * property `orderExternalId`; the kinds ProductUnavailable, InsufficientBalance and OrderFailed come as 422.
 * Orders are accepted `processing` and completed later by the test (Kinguin delivers asynchronously).
 */

export interface FakeKinguinProduct {
  kinguinId: number;
  productId: string;
  name: string;
  originalName?: string;
  platform: string;
  price: number;
  qty: number;
  textQty: number;
  regionId: number;
  regionalLimitations: string;
  isPreorder: boolean;
  /** How this fake delivers its keys: as text, or as pictures whatever the order asked. */
  keys: "text" | "image";
}

interface FakeKey {
  id: string;
  serial: string;
  type: string;
  name: string;
  kinguinId: number;
  offerId: string;
  productId: string;
}

export interface FakeKinguinOrder {
  orderId: string;
  orderExternalId: string | null;
  status: "processing" | "completed" | "canceled" | "refunded";
  product: FakeKinguinProduct;
  qty: number;
  price: number;
  keyType: string | null;
  keys: FakeKey[];
  createdAt: string;
}

/** A canned answer for the next request matching a method and path (the path under /esa/api). */
interface Interruption {
  method: "GET" | "POST";
  path: RegExp;
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Create the order first, then answer this (a 5xx or unreadable answer after the order was made). */
  afterCreating?: boolean;
}

export interface FakeKinguin {
  /** The gateway's base, as a supplier's URL: http://127.0.0.1:port/esa/api. */
  url: string;
  apiKey: string;
  products: Map<string, FakeKinguinProduct>;
  /** Every order created, in order: an orderExternalId appearing twice is a double purchase. */
  orders: FakeKinguinOrder[];
  /** Every request as it came: method, path and query, and the body of a POST. */
  requests: { method: string; path: string; body: unknown }[];
  balance: number;
  /** Decides, for a NEW order, whether its answer is dropped (the socket destroyed after the order was made). */
  dropAnswer: (orderExternalId: string | null) => boolean;
  interrupt(interruption: Interruption): void;
  /** Delivers a processing order's keys and completes it, as Kinguin does once its seller delivers. */
  complete(orderId: string): void;
  cancel(orderId: string): void;
  close(): Promise<void>;
}

export const FAKE_KINGUIN_KEY = "kinguin-test-key-0123456789abcdef0123456789abcdef";
/** A 1x1 PNG, as an image key's serial (base64 of the picture). */
export const FAKE_KEY_IMAGE = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

export function fakeKinguinProduct(kinguinId: number, overrides: Partial<FakeKinguinProduct> = {}): FakeKinguinProduct {
  return {
    kinguinId,
    productId: `5c9b${String(kinguinId).padStart(20, "0")}`,
    name: `Game ${kinguinId} Steam CD Key`,
    originalName: `Game ${kinguinId}`,
    platform: "Steam",
    price: 5.79,
    qty: 149,
    textQty: 149,
    regionId: 3,
    regionalLimitations: "Region free",
    isPreorder: false,
    keys: "text",
    ...overrides,
  };
}

function productObject(product: FakeKinguinProduct) {
  const offerId = `5f7e${String(product.kinguinId).padStart(20, "0")}`;
  return {
    name: product.name,
    ...(product.originalName ? { originalName: product.originalName } : {}),
    platform: product.platform,
    qty: product.qty,
    textQty: product.textQty,
    price: product.price,
    cheapestOfferId: [offerId],
    isPreorder: product.isPreorder,
    regionalLimitations: product.regionalLimitations,
    regionId: product.regionId,
    kinguinId: product.kinguinId,
    productId: product.productId,
    offers: [
      {
        name: product.name,
        offerId,
        price: product.price,
        qty: product.qty,
        textQty: product.textQty,
        merchantName: "KinguinHK",
        isPreorder: product.isPreorder,
      },
    ],
    offersCount: 1,
    totalQty: product.qty,
    updatedAt: "2026-11-20T09:34:13+00:00",
  };
}

function orderObject(order: FakeKinguinOrder) {
  const total = Math.round(order.price * order.qty * 100) / 100;
  return {
    totalPrice: total,
    requestTotalPrice: total,
    status: order.status,
    userEmail: "...@kinguin.io",
    storeId: 1,
    createdAt: order.createdAt,
    orderId: order.orderId,
    ...(order.orderExternalId === null ? {} : { orderExternalId: order.orderExternalId }),
    paymentPrice: String(total),
    products: [
      {
        kinguinId: order.product.kinguinId,
        offerId: `5f7e${String(order.product.kinguinId).padStart(20, "0")}`,
        productId: order.product.productId,
        qty: order.qty,
        name: order.product.name,
        price: order.price,
        totalPrice: total,
        requestPrice: order.price,
        isPreorder: false,
        keyType: order.keyType ?? "text",
        keys: order.keys.map((key) => ({ id: key.id, status: "DELIVERED" })),
      },
    ],
    totalQty: order.qty,
    isPreorder: false,
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  422: "Unprocessable Content",
  500: "Internal Server Error",
};

function refuse(res: ServerResponse, req: IncomingMessage, status: number, kind: string, detail: string, extra: Record<string, unknown> = {}) {
  send(res, status, {
    kind,
    status,
    title: TITLES[status] ?? "Error",
    detail,
    path: new URL(req.url ?? "/", "http://kinguin").pathname.replace(/^\/esa/, ""),
    method: req.method,
    trace: "082a4cee9b",
    timestamp: new Date().toISOString(),
    ...extra,
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function pageOf(url: URL): { page: number; limit: number } {
  const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 25) || 25));
  return { page, limit };
}

export async function startFakeKinguin(apiKey = FAKE_KINGUIN_KEY): Promise<FakeKinguin> {
  let sequence = 0;
  const interruptions: Interruption[] = [];
  const fake: Omit<FakeKinguin, "url" | "close"> = {
    apiKey,
    products: new Map(),
    orders: [],
    requests: [],
    balance: 1000,
    dropAnswer: () => false,
    interrupt: (interruption) => void interruptions.push(interruption),
    complete(orderId) {
      const order = fake.orders.find((o) => o.orderId === orderId);
      if (!order || order.status !== "processing") return;
      const image = order.product.keys === "image";
      order.keys = Array.from({ length: order.qty }, (_, index) => ({
        id: `6704${order.orderId}${index}`,
        serial: image ? FAKE_KEY_IMAGE : `KEY-${order.orderId}-${index + 1}`,
        type: image ? "image/png" : "text/plain",
        name: order.product.name,
        kinguinId: order.product.kinguinId,
        offerId: `5f7e${String(order.product.kinguinId).padStart(20, "0")}`,
        productId: order.product.productId,
      }));
      order.status = "completed";
    },
    cancel(orderId) {
      const order = fake.orders.find((o) => o.orderId === orderId);
      if (!order) return;
      order.status = "canceled";
      fake.balance += order.price * order.qty;
    },
  };

  function createOrder(req: IncomingMessage, res: ServerResponse, body: unknown): FakeKinguinOrder | "answered" {
    const input = body as { products?: { productId?: unknown; qty?: unknown; price?: unknown; keyType?: unknown }[]; orderExternalId?: unknown } | null;
    if (!Array.isArray(input?.products) || input.products.length === 0 || input.products.length > 10) {
      refuse(res, req, 400, "ConstraintViolation", 'Invalid "products" property.', { propertyPath: "products" });
      return "answered";
    }
    const [line] = input.products;
    if (typeof line?.productId !== "string" || typeof line.qty !== "number" || typeof line.price !== "number") {
      refuse(res, req, 400, "ConstraintViolation", "Each product needs productId, qty and price.", { propertyPath: "products" });
      return "answered";
    }
    if (line.qty < 1 || line.qty > 9) {
      refuse(res, req, 400, "ConstraintViolation", `Invalid "products" property. The "qty" of one offer must be between 1 and 9.`, {
        propertyPath: "products",
        invalidValue: line.qty,
      });
      return "answered";
    }
    const orderExternalId = typeof input.orderExternalId === "string" ? input.orderExternalId : null;
    if (orderExternalId !== null && fake.orders.some((o) => o.orderExternalId === orderExternalId)) {
      refuse(res, req, 400, "ConstraintViolation", `Invalid "orderExternalId" property. The value should be unique.`, {
        propertyPath: "orderExternalId",
        invalidValue: orderExternalId,
      });
      return "answered";
    }
    const product = [...fake.products.values()].find((p) => p.productId === line.productId);
    if (!product || product.qty < line.qty || line.price < product.price) {
      refuse(res, req, 422, "ProductUnavailable", "Unable to find any offer matching order request criteria.");
      return "answered";
    }
    if (fake.balance < product.price * line.qty) {
      refuse(res, req, 422, "InsufficientBalance", "There are not enough funds to place an order.");
      return "answered";
    }
    sequence += 1;
    const order: FakeKinguinOrder = {
      orderId: `PHS${String(sequence).padStart(8, "0")}`,
      orderExternalId,
      status: "processing",
      product,
      qty: line.qty,
      price: product.price,
      keyType: typeof line.keyType === "string" ? line.keyType : null,
      keys: [],
      createdAt: new Date().toISOString(),
    };
    product.qty -= line.qty;
    fake.balance -= product.price * line.qty;
    fake.orders.push(order);
    return order;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://kinguin");
    const raw = req.method === "POST" ? await readBody(req) : "";
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    if (!url.pathname.startsWith("/esa/api/")) return refuse(res, req, 404, "Http", "No route found.");
    const path = url.pathname.slice("/esa/api".length);
    fake.requests.push({ method: req.method ?? "", path: `${path}${url.search}`, body });
    if (req.headers["x-api-key"] !== apiKey)
      return send(res, 401, { kind: "Authorization", status: 401, detail: "Invalid authentication data.", type: "Unauthorized" });

    const interruption = interruptions.findIndex((i) => i.method === req.method && i.path.test(path));
    if (interruption >= 0) {
      const [canned] = interruptions.splice(interruption, 1);
      if (canned.afterCreating && createOrder(req, res, body) === "answered") return;
      if (canned.status === 0) return; // Hangs: never answers.
      return send(res, canned.status, canned.body, canned.headers);
    }

    if (req.method === "GET" && path === "/v1/balance") return send(res, 200, { balance: fake.balance });
    if (req.method === "GET" && path === "/v1/products") {
      const { page, limit } = pageOf(url);
      const name = url.searchParams.get("name");
      if (name !== null && name.length < 3)
        return refuse(res, req, 400, "ConstraintViolation", 'Invalid "name" property. Minimum 3 characters.', { propertyPath: "name" });
      const matching = [...fake.products.values()].filter((p) => name === null || p.name.toLowerCase().includes(name.toLowerCase()));
      return send(res, 200, { results: matching.slice((page - 1) * limit, page * limit).map(productObject), item_count: matching.length });
    }
    const product = /^\/v2\/products\/([^/]+)$/.exec(path);
    if (req.method === "GET" && product) {
      const found = [...fake.products.values()].find((p) => p.productId === product[1]);
      return found ? send(res, 200, productObject(found)) : refuse(res, req, 404, "Http", "Product not found.");
    }
    if (req.method === "POST" && path === "/v2/order") {
      const order = createOrder(req, res, body);
      if (order === "answered") return;
      if (fake.dropAnswer(order.orderExternalId)) {
        req.socket.destroy();
        return;
      }
      return send(res, 201, orderObject(order));
    }
    if (req.method === "GET" && path === "/v1/order") {
      const { page, limit } = pageOf(url);
      const external = url.searchParams.get("orderExternalId");
      const matching = fake.orders.filter((o) => external === null || o.orderExternalId === external);
      return send(res, 200, { results: matching.slice((page - 1) * limit, page * limit).map(orderObject), item_count: matching.length });
    }
    const one = /^\/v1\/order\/([^/]+)$/.exec(path);
    if (req.method === "GET" && one) {
      const order = fake.orders.find((o) => o.orderId === one[1]);
      return order ? send(res, 200, orderObject(order)) : refuse(res, req, 404, "OrderNotFound", "Order not found.");
    }
    const keys = /^\/v2\/order\/([^/]+)\/keys$/.exec(path);
    if (req.method === "GET" && keys) {
      const order = fake.orders.find((o) => o.orderId === keys[1]);
      if (!order) return refuse(res, req, 404, "OrderNotFound", "Order not found.");
      const { page, limit } = pageOf(url);
      return send(res, 200, order.keys.slice((page - 1) * limit, page * limit));
    }
    refuse(res, req, 404, "Http", "No route found.");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => refuse(res, req, 500, "Error", "Internal Server Error."));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/esa/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeKinguin;
}
