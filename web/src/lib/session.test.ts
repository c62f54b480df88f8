import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@/test/render';
import { queryKeys } from './query-keys';
import { forgetPreviousAccount } from './session';

describe('forgetPreviousAccount', () => {
  it("drops the account signed in before: its orders, saved items, conversations and counts; the shop's lists stay", () => {
    const client = testQueryClient();
    client.setQueryData(queryKeys.orders.byBuyer('old@shop.test'), [{ _id: 'o1' }]);
    client.setQueryData(queryKeys.favorites, [{ productId: 'p1' }]);
    client.setQueryData(queryKeys.talk.unread, { unread: 4 });
    client.setQueryData(queryKeys.talk.conversations, [{ _id: 'c1', unread: 1 }]);
    client.setQueryData(queryKeys.talk.eventsAfter, 12);
    client.setQueryData(queryKeys.categories, [{ _id: 'c', category: 'Laptop' }]);
    forgetPreviousAccount(client);
    for (const key of [
      queryKeys.orders.byBuyer('old@shop.test'),
      queryKeys.favorites,
      queryKeys.talk.unread,
      queryKeys.talk.conversations,
      queryKeys.talk.eventsAfter,
    ])
      expect(client.getQueryState(key), key.join('/')).toBeUndefined();
    expect(client.getQueryData(queryKeys.categories)).toEqual([{ _id: 'c', category: 'Laptop' }]);
  });
});
