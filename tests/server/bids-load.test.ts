import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BidList } from '../../shared/api/index.ts';
import { runBidLoad, type AcceptedBid } from '../../bench/bid-load.ts';
import { replayBids, type Standing } from '../../server/domain/bidding/engine.ts';
import { toCents } from '../../server/domain/bidding/increase-table.ts';
import { rulesOf } from '../../server/domain/trading/auction-state.ts';
import { findItem } from '../../server/domain/items/item-row.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { ReferenceAuction } from '../support/bidding-reference.ts';
import { addUsersWithTokens, insertTradingItem, itemState } from '../support/trading-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('bids under load', () => {
  it('takes 2,000 bids from 100 concurrent bidders with none lost or applied twice, and the price matches a replay', async () => {
    const sellerId = await server.addUser('load-seller');
    const bidders = addUsersWithTokens(server, 'bidder', 100);
    const itemId = insertTradingItem(server.service, { seller_id: sellerId, starting_price: 1 });

    const result = await runBidLoad({ url: server.url, itemId, bidders, totalBids: 2000, concurrency: 100, deadlineMs: 45_000 });
    expect(result.timedOut).toBe(false);
    expect(result.sent).toBe(2000);
    // Every response is an acceptance or a refusal for a stale price; nothing else.
    expect(Object.keys(result.statuses).sort()).toEqual(result.statuses[400] ? ['201', '400'] : ['201']);
    expect(result.accepted.length).toBeGreaterThan(100);

    // Every accepted bid is in the list exactly once, and the list holds nothing else.
    const list = BidList.parse((await call(server.api(`/items/${itemId}/bids`))).body);
    const listed = list.bids.map((b) => b.id);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort((a, b) => a - b)).toEqual(result.accepted.map((b) => b.bidId).sort((a, b) => a - b));

    // Replaying the accepted bids in their order gives the stored price, both through the
    // engine and through the reference model.
    const ordered: AcceptedBid[] = [...result.accepted].sort((a, b) => a.bidId - b.bidId);
    const item = findItem(server.service.db, itemId)!;
    const standings: Standing[] = ordered.map((b) => ({ bidderId: b.bidderId, max: toCents(b.amount), automatic: b.automatic, seq: b.bidId }));
    const replayed = replayBids(rulesOf(item), standings);
    const reference = new ReferenceAuction({ start: 100, increase: null, reserve: null, closing: Number.MAX_SAFE_INTEGER });
    for (const b of ordered) expect(reference.bid({ bidder: b.bidderId, amount: toCents(b.amount), automatic: b.automatic, time: 0 }).accepted).toBe(true);

    const stored = itemState(server.service, itemId);
    expect(toCents(stored.current_price!)).toBe(replayed.price);
    expect(reference.price).toBe(replayed.price);
    expect(reference.leader).toBe(replayed.leader?.bidderId);
    expect(stored.bidder_count).toBe(new Set(ordered.map((b) => b.bidderId)).size);
  }, 60_000);
});
