import { config } from "@/lib/config/env";
import { decryptSecret } from "@/lib/crypto/encryption";
import type { Supplier } from "@/lib/db/schema";
import type { ConnectorOptions, ConnectorRegistry, SupplierConnector } from "./connector";
import { reloadlyConnector } from "./reloadly";
import { kinguinConnector } from "./kinguin";
import { resellerApiConnector } from "./reseller-api";
import { sandboxConnector } from "./sandbox";
import { observedConnector } from "./observed-connector";

/** Every kind of supplier we can buy from; a new kind is one more file and one more line here. */
const connectors: ConnectorRegistry = {
  sandbox: sandboxConnector,
  "reseller-api": resellerApiConnector,
  reloadly: reloadlyConnector,
  kinguin: kinguinConnector,
};

/** How upstream calls are made; the defaults come from the configuration, tests pass their own. */
export function connectorOptions(overrides: Partial<ConnectorOptions> = {}): ConnectorOptions {
  return {
    timeoutMs: overrides.timeoutMs ?? config().SUPPLIER_TIMEOUT,
    allowPrivate: overrides.allowPrivate ?? config().SUPPLIER_ALLOW_PRIVATE,
    resolver: overrides.resolver,
  };
}

export function connectorFor(supplier: Supplier, options: ConnectorOptions): SupplierConnector {
  const credentials = supplier.credentialsEncrypted ? decryptSecret(supplier.credentialsEncrypted) : null;
  return observedConnector(supplier.kind, connectors[supplier.kind]({ supplier, credentials, options }));
}
