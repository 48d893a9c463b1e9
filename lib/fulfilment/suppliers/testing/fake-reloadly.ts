import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Reloadly on loopback, answering as its gift-cards API and auth server are documented (see the header of
 * reloadly.ts for the sources): POST /oauth/token (client credentials, audience = this server), GET /products
 * (a Spring page: content, number, size, totalPages, last), POST /orders (customIdentifier unique, unitPrice one of
 * the fixed denominations), GET /orders/transactions/{id}/cards, GET /reports/transactions (?customIdentifier=),
 * GET /reports/transactions/{id}, GET /accounts/balance, and the documented error body
 * { timeStamp, message, path, errorCode, infoLink, details }. One server plays both hosts: the connector is given
 * its URL as the authUrl.
 */

export type ProductBehaviour = "deliver" | "pending";

export interface FakeProduct {
  productId: number;
  productName: string;
  status: "ACTIVE" | "INACTIVE";
  senderFee: number;
  senderFeePercentage: number;
  discountPercentage: number;
  denominationType: "FIXED" | "RANGE";
  recipientCurrencyCode: string;
  senderCurrencyCode: string;
  fixedRecipientDenominations: number[];
  fixedSenderDenominations: number[];
  fixedRecipientToSenderDenominationsMap: Record<string, number>;
  brand: { brandId: number; brandName: string };
  country: { isoName: string; name: string };
  additionalRequirements: { userIdRequired: boolean };
}

export interface FakeTransaction {
  transactionId: number;
  amount: number;
  discount: number;
  currencyCode: string;
  fee: number;
  customIdentifier: string;
  status: "SUCCESSFUL" | "PENDING";
  product: {
    productId: number;
    productName: string;
    countryCode: string;
    quantity: number;
    unitPrice: number;
    totalPrice: number;
    currencyCode: string;
    brand: { brandId: number; brandName: string };
  };
  cards: { cardNumber: string; pinCode: string }[];
  /** What the order's POST carried, as received. */
  body: Record<string, unknown>;
}

export interface FakeAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface FakeReloadly {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The token's life, in seconds, as expires_in. */
  expiresIn: number;
  products: FakeProduct[];
  /** The most products one page holds, whatever size asks. */
  maxPageSize: number;
  behaviour: Map<number, ProductBehaviour>;
  balance: number;
  transactions: FakeTransaction[];
  /** Every body POSTed to /oauth/token. */
  tokenRequests: Record<string, unknown>[];
  /** Every request to the gift-cards API, as "METHOD /path?query". */
  requests: string[];
  /** Makes every token issued so far expired, as Reloadly's would be after expires_in. */
  expireTokens(): void;
  /** Answers the next API requests (not /oauth/token) with these, one each, before anything else is looked at. */
  answerNext: FakeAnswer[];
  /** Decides, per order POST that made a NEW transaction, whether its answer is dropped (the socket destroyed). */
  dropAnswer: (customIdentifier: string) => boolean;
  complete(transactionId: number): void;
  close(): Promise<void>;
}

export function fakeProduct(productId: number, brandName: string, overrides: Partial<FakeProduct> = {}): FakeProduct {
  return {
    productId,
    productName: `${brandName} US`,
    status: "ACTIVE",
    senderFee: 0.5,
    senderFeePercentage: 0,
    discountPercentage: 2,
    denominationType: "FIXED",
    recipientCurrencyCode: "USD",
    senderCurrencyCode: "USD",
    fixedRecipientDenominations: [10, 25],
    fixedSenderDenominations: [10, 25],
    fixedRecipientToSenderDenominationsMap: { "10.00": 10, "25.00": 25 },
    brand: { brandId: productId * 10, brandName },
    country: { isoName: "US", name: "United States" },
    additionalRequirements: { userIdRequired: false },
    ...overrides,
  };
}

const CONTENT_TYPE = "application/com.reloadly.giftcards-v1+json";

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": CONTENT_TYPE, ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, path: string, message: string, errorCode: string | null) {
  send(res, status, { timeStamp: new Date().toISOString().slice(0, 19).replace("T", " "), message, path, errorCode, infoLink: null, details: [] });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function startFakeReloadly(clientId = "fake-client-id-0001", clientSecret = "fake-client-secret-ThatMustNeverShow-9f3a"): Promise<FakeReloadly> {
  let tokenSequence = 0;
  let transactionSequence = 1000;
  const issued = new Map<string, number>();
  const fake: Omit<FakeReloadly, "url" | "close"> = {
    clientId,
    clientSecret,
    expiresIn: 5_184_000,
    products: [],
    maxPageSize: 50,
    behaviour: new Map(),
    balance: 1000,
    transactions: [],
    tokenRequests: [],
    requests: [],
    answerNext: [],
    dropAnswer: () => false,
    expireTokens() {
      for (const token of issued.keys()) issued.set(token, 0);
    },
    complete(transactionId) {
      const transaction = fake.transactions.find((t) => t.transactionId === transactionId);
      if (transaction) transaction.status = "SUCCESSFUL";
    },
  };
  let url = "";

  const record = (t: FakeTransaction) => {
    const { cards: _cards, body: _body, ...shown } = t;
    return { ...shown, smsFee: 0, recipientEmail: null, recipientPhone: null, transactionCreatedTime: "2026-11-28 20:00:00" };
  };

  async function order(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse(await readBody(req)) as { productId: number; quantity: number; unitPrice: number; customIdentifier?: string; senderName?: string };
    if (!body.senderName) return refuse(res, 400, "/orders", "senderName is required", null);
    if (body.customIdentifier && fake.transactions.some((t) => t.customIdentifier === body.customIdentifier)) {
      return refuse(res, 400, "/orders", "Custom identifier already used", "CUSTOM_IDENTIFIER_ALREADY_USED");
    }
    const product = fake.products.find((p) => p.productId === body.productId);
    if (!product || product.status !== "ACTIVE") return refuse(res, 404, "/orders", "Product not found", null);
    const senderPrice = product.fixedRecipientToSenderDenominationsMap[Number(body.unitPrice).toFixed(2)];
    if (senderPrice === undefined) return refuse(res, 400, "/orders", "Invalid price, please ensure you selected the right price.", null);
    const discount = round2((senderPrice * product.discountPercentage) / 100) * body.quantity;
    const fee = product.senderFee * body.quantity;
    const amount = round2(senderPrice * body.quantity - discount + fee);
    if (amount > fake.balance) return refuse(res, 400, "/orders", "Your balance is insufficient to complete this transaction", "INSUFFICIENT_BALANCE");
    fake.balance = round2(fake.balance - amount);
    transactionSequence += 1;
    const id = transactionSequence;
    const transaction: FakeTransaction = {
      transactionId: id,
      amount,
      discount,
      currencyCode: product.senderCurrencyCode,
      fee,
      customIdentifier: body.customIdentifier ?? "",
      status: fake.behaviour.get(product.productId) === "pending" ? "PENDING" : "SUCCESSFUL",
      product: {
        productId: product.productId,
        productName: product.productName,
        countryCode: product.country.isoName,
        quantity: body.quantity,
        unitPrice: body.unitPrice,
        totalPrice: body.unitPrice * body.quantity,
        currencyCode: product.recipientCurrencyCode,
        brand: product.brand,
      },
      cards: Array.from({ length: body.quantity }, (_, n) => ({ cardNumber: `RLD-${id}-${n + 1}`, pinCode: `${id}${n + 1}` })),
      body: body as unknown as Record<string, unknown>,
    };
    fake.transactions.push(transaction);
    if (fake.dropAnswer(transaction.customIdentifier)) {
      req.socket.destroy();
      return;
    }
    send(res, 200, record(transaction));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url ?? "/", "http://reloadly");
    if (req.method === "POST" && target.pathname === "/oauth/token") {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      fake.tokenRequests.push(body);
      if (body.client_id !== clientId || body.client_secret !== clientSecret || body.grant_type !== "client_credentials") {
        return refuse(res, 401, "/oauth/token", "Access Denied", "INVALID_CREDENTIALS");
      }
      if (body.audience !== url) return refuse(res, 400, "/oauth/token", "The provided audience is not valid", "INVALID_AUDIENCE");
      tokenSequence += 1;
      const token = `fake-token-${tokenSequence}-${Math.random().toString(36).slice(2)}`;
      issued.set(token, Date.now() + fake.expiresIn * 1000);
      return send(
        res,
        200,
        { access_token: token, scope: "developer", expires_in: fake.expiresIn, token_type: "Bearer" },
        { "Content-Type": "application/json" },
      );
    }

    fake.requests.push(`${req.method} ${target.pathname}${target.search}`);
    const forced = fake.answerNext.shift();
    if (forced) return send(res, forced.status, forced.body, forced.headers);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expiresAt = token ? issued.get(token) : undefined;
    if (expiresAt === undefined) return refuse(res, 401, target.pathname, "Full authentication is required to access this resource", "INVALID_TOKEN");
    if (expiresAt <= Date.now()) return refuse(res, 401, target.pathname, "Token expired", "TOKEN_EXPIRED");
    if (req.headers.accept !== CONTENT_TYPE) return refuse(res, 406, target.pathname, "Not acceptable", null);

    if (req.method === "GET" && target.pathname === "/accounts/balance") {
      return send(res, 200, { balance: fake.balance, currencyCode: "USD", currencyName: "US Dollar", updatedAt: "2026-11-28 20:00:00" });
    }
    if (req.method === "GET" && target.pathname === "/products") {
      const page = Math.max(1, Number(target.searchParams.get("page") ?? "1"));
      const size = Math.min(fake.maxPageSize, Math.max(1, Number(target.searchParams.get("size") ?? "50")));
      const fixedOnly = target.searchParams.get("includeRange") === "false";
      const all = fake.products.filter((p) => !fixedOnly || p.denominationType === "FIXED");
      const totalPages = Math.max(1, Math.ceil(all.length / size));
      const content = all.slice((page - 1) * size, page * size);
      return send(res, 200, {
        content,
        number: page - 1,
        size,
        totalElements: all.length,
        totalPages,
        last: page >= totalPages,
        first: page === 1,
        numberOfElements: content.length,
        empty: content.length === 0,
      });
    }
    if (req.method === "POST" && target.pathname === "/orders") return order(req, res);
    const cards = /^\/orders\/transactions\/(\d+)\/cards$/.exec(target.pathname);
    if (req.method === "GET" && cards) {
      const transaction = fake.transactions.find((t) => t.transactionId === Number(cards[1]));
      if (!transaction || transaction.status !== "SUCCESSFUL") return refuse(res, 404, target.pathname, "Invalid transaction id", null);
      return send(res, 200, transaction.cards);
    }
    if (req.method === "GET" && target.pathname === "/reports/transactions") {
      const customIdentifier = target.searchParams.get("customIdentifier");
      const content = fake.transactions.filter((t) => customIdentifier === null || t.customIdentifier === customIdentifier).map(record);
      return send(res, 200, { content, number: 0, size: 10, totalElements: content.length, totalPages: 1, last: true });
    }
    const one = /^\/reports\/transactions\/(\d+)$/.exec(target.pathname);
    if (req.method === "GET" && one) {
      const transaction = fake.transactions.find((t) => t.transactionId === Number(one[1]));
      return transaction
        ? send(res, 200, record(transaction))
        : refuse(res, 404, target.pathname, "Could not retrieve/update resources at the moment, please try again later", null);
    }
    refuse(res, 404, target.pathname, "No message available", null);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => refuse(res, 500, req.url ?? "/", "fake reloadly failed", null));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeReloadly;
}
