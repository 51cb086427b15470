// The /1.1 REST client as the marketplace port (sync/marketplace-port.ts).
import type { MarketplacePort } from '../sync/marketplace-port.ts';
import type { ApiClient } from './client.ts';

export function marketplaceAdapter(api: ApiClient): MarketplacePort {
  return api;
}
