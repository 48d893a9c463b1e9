/** The reseller's webhook as the API shows it, and the calls that manage it. */
export interface WebhookView {
  url: string;
  enabled: boolean;
  consecutive_failures: number;
  disabled_reason: string | null;
}

async function api(base: string, apiKey: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "X-API-Key": apiKey, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export async function readWebhook(base: string, apiKey: string): Promise<WebhookView> {
  const { status, body } = await api(base, apiKey, "GET", "/api/v2/account/webhook");
  if (status !== 200) throw new Error(`GET /api/v2/account/webhook answered ${status}: ${JSON.stringify(body)}`);
  return body as WebhookView;
}

export const saveWebhook = (base: string, apiKey: string, url: string) => api(base, apiKey, "PUT", "/api/v2/account/webhook", { url, enabled: true });

/** Sends again every event since `since` whose retries ran out (the Svix-like recover). */
export const recoverWebhook = (base: string, apiKey: string, since: Date) =>
  api(base, apiKey, "POST", "/api/v2/account/webhook/recover", { since: since.toISOString() });

/** A sign-in attempt as the login form posts it; only its status matters here (429 = refused before the password). */
export async function signInStatus(base: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, csrfToken: "none", json: "true" }).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return response.status;
}
