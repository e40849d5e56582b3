import type { Config } from "../config.ts";
import type { BlobStore } from "../files/blob-store.ts";
import type { Logger } from "../logger.ts";
import { createCardPointeGateway } from "../payments/cardpointe.ts";
import type { PaymentGateway } from "../payments/gateway.ts";
import { createSandboxGateway } from "../payments/sandbox.ts";
import type { ShippingProvider } from "../shipping/provider.ts";
import { createRateTableProvider } from "../shipping/rate-table.ts";
import { createShippoProvider } from "../shipping/shippo.ts";

/**
 * CardPointe and Shippo when configured; otherwise the built-in sandbox gateway and rate table,
 * whose labels are kept in the file store (Shippo's are addresses on Shippo's side).
 */
export function checkoutProviders(
  config: Config,
  logger: Logger,
  files: BlobStore,
): { gateway: PaymentGateway; shipping: ShippingProvider } {
  return {
    gateway: config.cardpointe ? createCardPointeGateway(config.cardpointe, logger) : createSandboxGateway(),
    shipping: config.shippo ? createShippoProvider(config.shippo, logger) : createRateTableProvider({ files }),
  };
}
