// The composition of a marketplace for an account: the /1.1 REST client, made here and nowhere
// else in the sync, and what the sync session needs of it in the app's words: the port the
// engine and the background reader speak (sync/marketplace-port.ts), the research port, a
// probe for "is it there", thumbnails, signing out, and word of requests that got no answer or
// were asked to wait. The session (session/core-session.ts) makes one and passes it in, so
// session/engine-sync.ts knows only these.
import type { MarketResearchPort } from '../research/research-port.ts';
import type { MarketplacePort } from '../sync/marketplace-port.ts';
import { createApiClient } from './client.ts';
import { closedSalesAdapter } from './closed-sales-adapter.ts';
import { marketplaceAdapter } from './marketplace-adapter.ts';
import { marketplaceRoot } from './marketplace-root.ts';
import type { CredentialStore, DeviceCookieStore } from './session.ts';

export interface MarketplaceOptions {
  /** The marketplace's root, e.g. http://127.0.0.1:8787 (a trailing /1.1 is dropped). */
  baseUrl: string;
  credentials: CredentialStore;
  /** The account's device cookie (session/device-cookie-file.ts). */
  device?: DeviceCookieStore;
  /** Each request's timeout (the client's default: 15 s). */
  requestTimeoutMs?: number;
}

/** What a marketplace tells of its connection, as it happens. */
export interface ConnectionListener {
  /** A request got no answer at all (the link hangs or is cut). */
  noAnswer?: () => void;
  /** The marketplace asked to wait until `until` (epoch ms); every request waits for it. */
  waitAsked?: (until: number) => void;
}

export interface Marketplace {
  /** What the sync asks of the marketplace, in the app's words. */
  port: MarketplacePort;
  /** Closed sales for market research. */
  research: MarketResearchPort;
  /** Answers when the marketplace is there (one short request, not repeated); throws when not. */
  probe(): Promise<void>;
  /** A thumbnail a listing's photo links to, as bytes. */
  media(url: string): Promise<Uint8Array>;
  /** Revokes the session's sign-in (leaving the account). */
  signOut(): Promise<void>;
  /** Told of the connection from now on; returns the way to stop. */
  watch(listener: ConnectionListener): () => void;
}

export function createMarketplace(options: MarketplaceOptions): Marketplace {
  const listeners = new Set<ConnectionListener>();
  const api = createApiClient({
    baseUrl: marketplaceRoot(options.baseUrl), credentials: options.credentials,
    ...(options.device ? { device: options.device } : {}),
    ...(options.requestTimeoutMs !== undefined ? { timeoutMs: options.requestTimeoutMs } : {}),
    onAttempt: ({ status }) => {
      if (status !== 0) return;
      for (const l of listeners) l.noAnswer?.();
    },
    onWait: ({ until }) => {
      for (const l of listeners) l.waitAsked?.(until);
    },
  });
  return {
    port: marketplaceAdapter(api),
    research: closedSalesAdapter(api),
    probe: async () => {
      await api.root({ retries: 0, timeoutMs: 1500 });
    },
    media: (url) => api.media(url),
    signOut: () => api.logout(),
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
