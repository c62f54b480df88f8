import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { INITIAL_DATA_ID } from '@shop/contract';
import { seedFromPage } from './initial-data';
import { queryKeys } from './query-keys';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const el = doc.createElement('script');
  el.type = 'application/json';
  el.id = INITIAL_DATA_ID;
  el.textContent = json;
  doc.body.append(el);
  return doc;
}

describe('seedFromPage', () => {
  it("puts the page's product and the signed-out session into the cache, once", () => {
    const client = new QueryClient();
    const seller = {
      _id: 's1',
      name: 'Sadia',
      verified: true,
      memberSince: '2025-01-01',
      completedSales: 3,
      rating: 4.5,
      reviews: 2,
    };
    const doc = pageWith(JSON.stringify({ session: null, product: { _id: 'p1', name: 'Pixel 8' }, seller }));
    seedFromPage(client, doc);
    expect(client.getQueryData(queryKeys.trust.seller('s1'))).toEqual(seller);
    expect(client.getQueryData(queryKeys.products.one('p1'))).toEqual({ _id: 'p1', name: 'Pixel 8' });
    expect(client.getQueryState(queryKeys.session)?.status).toBe('success');
    expect(client.getQueryData(queryKeys.session)).toBeNull();
    // Read once: a second call (the element stays in the page) does not put it back over newer data.
    client.setQueryData(queryKeys.products.one('p1'), { _id: 'p1', name: 'Pixel 8a' });
    seedFromPage(client, doc);
    expect(client.getQueryData(queryKeys.products.one('p1'))).toEqual({ _id: 'p1', name: 'Pixel 8a' });
  });

  it("puts the home page's categories and ads under the keys their lists read", () => {
    const client = new QueryClient();
    const categories = [{ _id: 'c1', category: 'Laptop', img: '/images/categories/laptop.svg' }];
    const advertisements = [{ _id: 'a1', name: 'Pixel 8', img: '/x.webp', category: 'Mobile', productId: 'p1', price: 300 }];
    seedFromPage(client, pageWith(JSON.stringify({ categories, advertisements })));
    expect(client.getQueryData(queryKeys.categories)).toEqual(categories);
    expect(client.getQueryData(queryKeys.advertisements)).toEqual(advertisements);
    expect(client.getQueryState(queryKeys.session)).toBeUndefined();
  });

  it("puts a signed-in page's session into the cache", () => {
    const client = new QueryClient();
    const session = { user: { id: 'u1', email: 'sam@example.com' }, session: { id: 's1' } };
    seedFromPage(client, pageWith(JSON.stringify({ session })));
    expect(client.getQueryData(queryKeys.session)).toEqual(session);
  });

  it("puts a signed-in person's saved items and unread counts under the keys the hearts, bell and tab bar read", () => {
    const client = new QueryClient();
    const favorites = [{ productId: 'p1', savedAt: '2026-11-01T10:00:00.000Z' }];
    const conversations = [{ _id: 'c1', unread: 2 }];
    seedFromPage(
      client,
      pageWith(JSON.stringify({ favorites, unreadNotifications: { unread: 3 }, conversations, lastEventId: 7 })),
    );
    expect(client.getQueryData(queryKeys.favorites)).toEqual(favorites);
    expect(client.getQueryData(queryKeys.talk.unread)).toEqual({ unread: 3 });
    expect(client.getQueryData(queryKeys.talk.conversations)).toEqual(conversations);
    expect(client.getQueryData(queryKeys.talk.eventsAfter)).toBe(7);
    // A page that does not say (signed out, an admin's favorites, a wide screen's conversations) leaves them to be asked for.
    const other = new QueryClient();
    seedFromPage(other, pageWith(JSON.stringify({ session: null })));
    expect(other.getQueryState(queryKeys.favorites)).toBeUndefined();
    expect(other.getQueryState(queryKeys.talk.unread)).toBeUndefined();
    expect(other.getQueryState(queryKeys.talk.conversations)).toBeUndefined();
    expect(other.getQueryState(queryKeys.talk.eventsAfter)).toBeUndefined();
  });

  it('leaves the session to be asked for when the page does not say, and ignores broken data', () => {
    const client = new QueryClient();
    seedFromPage(client, pageWith(JSON.stringify({ product: { _id: 'p2' } })));
    expect(client.getQueryState(queryKeys.session)).toBeUndefined();
    const other = new QueryClient();
    seedFromPage(other, pageWith('{not json'));
    expect(other.getQueryCache().getAll()).toHaveLength(0);
  });
});
