import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGE_MAX_CHARS } from '@shop/contract/constants';
import { ErrorState } from '@/components/error-state';
import { Img } from '@/components/img';
import { Spinner } from '@/components/spinner';
import { VerifiedTick } from '@/components/verified-tick';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBlockUser } from '@/features/messages/api/block-user';
import { useConversation } from '@/features/messages/api/get-conversation';
import { useMessages } from '@/features/messages/api/get-messages';
import { useMarkConversationRead } from '@/features/messages/api/mark-conversation-read';
import { useReportConversation } from '@/features/messages/api/report-conversation';
import { useSendMessage } from '@/features/messages/api/send-message';
import { useUnblockUser } from '@/features/messages/api/unblock-user';
import { clockTime } from '@/features/messages/lib/time';

/** Message ids grow: compared as numbers of any size. */
const atLeast = (a: string, b: string) => a.length > b.length || (a.length === b.length && a >= b);

/** One conversation: the listing, the messages (oldest at the top), read receipts, the composer, block and report. */
export function ConversationView({ id }: { id: string }) {
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const send = useSendMessage();
  const markRead = useMarkConversationRead();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const report = useReportConversation();
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const inputId = useId();
  const counterId = useId();
  const endRef = useRef<HTMLDivElement>(null);

  // Oldest first on screen; the pages come newest first.
  const list = useMemo(() => (messages.data?.pages.flatMap((p) => p.items) ?? []).slice().reverse(), [messages.data]);
  const newest = list[list.length - 1];
  const c = conversation.data;

  // Seeing a new message from the other person reads it (and sends them the receipt).
  const markReadMutate = markRead.mutate;
  useEffect(() => {
    if (newest && !newest.mine && c?.unread) markReadMutate(id);
  }, [newest, c?.unread, id, markReadMutate]);
  // A new message at the bottom scrolls into view.
  const newestId = newest?._id;
  useEffect(() => {
    if (newestId) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  if (conversation.isError) return <ErrorState title="Could not load this conversation" error={conversation.error} />;
  if (!c) return <Spinner label="Loading the conversation…" />;

  const lastMine = [...list].reverse().find((m) => m.mine);
  const seen = !!lastMine && !!c.otherReadUpTo && atLeast(c.otherReadUpTo, lastMine._id);
  const canWrite = !c.blocked && !c.readOnly;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || send.isPending) return;
    send.mutate(
      { conversationId: id, text: body },
      { onSuccess: () => setText(''), onError: (error) => toast.error(errorMessage(error)) },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section
      className="flex min-h-[28rem] flex-col rounded-box border border-base-300"
      aria-label={`Conversation with ${c.otherName || 'a deleted user'}`}
    >
      {/* Two rows, so a phone has room for each: the item (photo, name on up to two lines, price), then
          the other person (name and tick on one line), their phone, and Block / Report. */}
      <header className="flex flex-col gap-2 border-b border-base-300 p-3">
        <Link to={paths.product.getHref(c.listingId)} className="flex min-w-0 items-center gap-3">
          <Img src={c.listingImg} alt="" width={48} height={48} className="size-12 shrink-0 rounded object-cover" />
          <span className="flex min-w-0 flex-col">
            <span className="line-clamp-2 break-words font-semibold leading-snug">{c.listingName}</span>
            <span className="text-sm text-base-content/70">{formatMoney(c.listingPrice)}</span>
          </span>
        </Link>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex min-w-0 max-w-full items-center gap-1">
            <span className="shrink-0 text-base-content/70">{c.role === 'buyer' ? 'Seller:' : 'Buyer:'}</span>
            <span className="truncate font-medium">{c.otherName || 'deleted user'}</span>
            {c.otherVerified ? <VerifiedTick /> : null}
          </span>
          {c.otherPhone ? (
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              <span className="text-base-content/70">Phone:</span>
              <a className="link link-hover font-medium" href={`tel:${c.otherPhone.replace(/[^\d+]/g, '')}`}>
                {c.otherPhone}
              </a>
            </span>
          ) : null}
          <div className={c.readOnly ? 'hidden' : 'ml-auto flex gap-1'}>
            {c.blockedByMe ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(c.otherId)}
              >
                Unblock
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={block.isPending}
                onClick={() => {
                  if (
                    window.confirm(`Block ${c.otherName || 'this person'}? Neither of you can send messages until you unblock.`)
                  )
                    block.mutate(c.otherId, { onError: (error) => toast.error(errorMessage(error)) });
                }}
              >
                Block
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-expanded={reporting}
              onClick={() => setReporting((v) => !v)}
            >
              Report
            </button>
          </div>
        </div>
      </header>

      {reporting ? (
        <form
          className="flex flex-col gap-2 border-b border-base-300 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate(
              { conversationId: id, reason: reason.trim() },
              {
                onSuccess: () => {
                  toast.success('Thank you. An admin will look at this conversation.');
                  setReporting(false);
                  setReason('');
                },
                onError: (error) => toast.error(errorMessage(error)),
              },
            );
          }}
        >
          <label className="text-sm font-medium" htmlFor={`${inputId}-reason`}>
            What is wrong?
          </label>
          <input
            id={`${inputId}-reason`}
            className="input input-sm w-full"
            maxLength={500}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-warning self-start" disabled={!reason.trim() || report.isPending}>
            Send report
          </button>
        </form>
      ) : null}

      <div className="flex-1 overflow-y-auto p-3" style={{ maxHeight: '60vh' }}>
        {messages.hasNextPage ? (
          <div className="mb-3 text-center">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={messages.isFetchingNextPage}
              onClick={() => messages.fetchNextPage()}
            >
              {messages.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
            </button>
          </div>
        ) : null}
        {messages.isPending ? <Spinner label="Loading messages…" /> : null}
        {/* role=log: a screen reader announces messages as they are added (aria-live polite). */}
        <ol role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" className="flex flex-col gap-2">
          {list.map((m) => (
            <li key={m._id} className={`flex ${m.mine ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[70%] ${m.mine ? 'bg-primary text-primary-content' : 'bg-base-200'}`}
              >
                <span className="sr-only">{m.mine ? 'You' : c.otherName || 'They'} said: </span>
                {/* Plain text: links show as text, never as links. */}
                <p className="whitespace-pre-wrap break-words" data-testid="message-text">
                  {m.text}
                </p>
                <p className={`mt-1 text-right text-xs ${m.mine ? 'text-primary-content/80' : 'text-base-content/60'}`}>
                  {clockTime(m.createdAt)}
                </p>
              </div>
            </li>
          ))}
        </ol>
        {seen ? (
          <p className="mt-1 text-right text-xs text-base-content/60" data-testid="seen">
            Seen
          </p>
        ) : null}
        {!messages.isPending && !list.length ? (
          <p className="py-6 text-center text-sm text-base-content/70">
            No messages yet. Say hello and ask what you want to know.
          </p>
        ) : null}
        <div ref={endRef} />
      </div>

      {canWrite ? (
        <form className="flex items-end gap-2 border-t border-base-300 p-3" onSubmit={submit}>
          <div className="flex-1">
            <label htmlFor={inputId} className="sr-only">
              Message
            </label>
            <textarea
              id={inputId}
              className="textarea w-full"
              rows={2}
              maxLength={MESSAGE_MAX_CHARS}
              placeholder="Write a message"
              aria-describedby={counterId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <p id={counterId} className="text-right text-xs text-base-content/60">
              {text.length} / {MESSAGE_MAX_CHARS} · Enter sends, Shift+Enter for a new line
            </p>
          </div>
          <button type="submit" className="btn btn-primary" disabled={!text.trim() || send.isPending}>
            Send
          </button>
        </form>
      ) : (
        <p className="border-t border-base-300 p-3 text-sm text-base-content/70" role="status">
          {c.readOnly
            ? 'You are reading a reported conversation as an admin.'
            : c.blockedByMe
              ? 'You blocked this person. Unblock to write again.'
              : 'You cannot send messages in this conversation.'}
        </p>
      )}
    </section>
  );
}
