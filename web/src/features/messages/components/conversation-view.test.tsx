import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, Message } from '@shop/contract';
import { mockFetch } from '@/test/fetch-mock';
import { buyer, renderWithApp } from '@/test/render';
import { ConversationView } from './conversation-view';

const conversation: Conversation = {
  _id: 'c1',
  listingId: 'p1',
  listingName: 'ThinkPad X1',
  listingImg: '/images/fallback.svg',
  role: 'buyer',
  otherId: 'u-seller',
  otherName: 'Sam Seller',
  lastMessage: null,
  unread: 0,
  blocked: false,
  updatedAt: '2026-11-22T10:00:00.000Z',
  listingPrice: 450,
  listingStatus: 'available',
  otherPhone: '',
  otherVerified: false,
  otherReadUpTo: '2',
  blockedByMe: false,
  readOnly: false,
};
const msg = (id: string, mine: boolean, text: string): Message => ({
  _id: id,
  conversationId: 'c1',
  senderId: mine ? buyer.id : 'u-seller',
  mine,
  text,
  createdAt: '2026-11-22T10:00:00.000Z',
});

describe('ConversationView', () => {
  it('shows messages oldest first in a live log, links as plain text, and the read receipt', async () => {
    mockFetch({
      'GET /api/conversations/c1': { body: conversation },
      // The API answers newest first.
      'GET /api/conversations/c1/messages': {
        body: [msg('2', true, 'see https://evil.example/pay <a href="x">here</a>'), msg('1', false, 'Hello')],
      },
    });
    renderWithApp(<ConversationView id="c1" />, { user: buyer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const texts = await within(log).findAllByTestId('message-text');
    expect(texts.map((t) => t.textContent)).toEqual(['Hello', 'see https://evil.example/pay <a href="x">here</a>']);
    expect(within(log).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('seen')).toHaveTextContent('Seen');
  });

  it('heads the conversation with the item, the other person with the verified tick, and their phone to call', async () => {
    mockFetch({
      'GET /api/conversations/c1': { body: { ...conversation, otherVerified: true, otherPhone: '+880 1700 000000' } },
      'GET /api/conversations/c1/messages': { body: [] },
    });
    renderWithApp(<ConversationView id="c1" />, { user: buyer });
    const header = (await screen.findByRole('region', { name: 'Conversation with Sam Seller' })).querySelector('header');
    if (!header) throw new Error('no header');
    expect(within(header).getByRole('link', { name: /ThinkPad X1/ })).toHaveAttribute('href', '/product/p1');
    expect(within(header).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: '+880 1700 000000' })).toHaveAttribute('href', 'tel:+8801700000000');
  });

  it('sends on Enter and clears the box; Shift+Enter is a new line', async () => {
    const { callTo } = mockFetch({
      'GET /api/conversations/c1': { body: conversation },
      'GET /api/conversations/c1/messages': { body: [] },
      'POST /api/conversations/c1/messages': ({ body }) => ({
        status: 201,
        body: msg('3', true, (body as { text: string }).text),
      }),
      'GET /api/conversations': { body: [] },
    });
    renderWithApp(<ConversationView id="c1" />, { user: buyer });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Is it{Shift>}{Enter}{/Shift}still there?{Enter}');
    expect(callTo('POST', '/api/conversations/c1/messages').body).toEqual({ text: 'Is it\nstill there?' });
    await expect.poll(() => (box as HTMLTextAreaElement).value).toBe('');
  });

  it('blocked: no composer, and says why', async () => {
    mockFetch({
      'GET /api/conversations/c1': { body: { ...conversation, blocked: true, blockedByMe: true } },
      'GET /api/conversations/c1/messages': { body: [] },
    });
    renderWithApp(<ConversationView id="c1" />, { user: buyer });
    expect(await screen.findByText('You blocked this person. Unblock to write again.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });
});
