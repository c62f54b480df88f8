import type { FastifyBaseLogger } from 'fastify';
import { type DomainEventName, type DomainEventPayload, domainEventSchemas } from '@shop/contract';

type Handler<N extends DomainEventName> = (payload: DomainEventPayload<N>) => Promise<void> | void;
type Subscriber = { name: string; handler: (payload: never) => Promise<void> | void };

/**
 * The in-process domain event bus: a service states what happened once its transaction committed
 * (`publish`), and the modules that care (the bell, live updates, mails) subscribe (`on`) in
 * modules/subscribers.ts. The event names and payloads are contract/src/domain-events.ts.
 *
 * `publish` checks the payload against its schema and runs the subscribers one after another, in
 * the order they subscribed, before it returns (so an answer goes out once they are done). A
 * subscriber that fails is logged and the next one runs: the change is committed, and the caller's
 * request succeeds whatever a subscriber does.
 *
 * This is not an outbox: an event is lost if the process dies between the commit and its
 * subscribers. What must not be lost (mails about money and bookings) is queued in the transaction
 * itself (mail/mailer.ts) rather than by a subscriber.
 */
export function createDomainEvents(log: FastifyBaseLogger) {
  const subscribers = new Map<DomainEventName, Subscriber[]>();

  return {
    /** Runs `handler` for each `event` published from now on; `name` labels its failures in the log. */
    on<N extends DomainEventName>(event: N, name: string, handler: Handler<N>) {
      const list = subscribers.get(event) ?? [];
      list.push({ name, handler });
      subscribers.set(event, list);
    },

    /** Tells the subscribers of `event`; never throws. Call it after the transaction that made the change returned. */
    async publish<N extends DomainEventName>(event: N, payload: DomainEventPayload<N>): Promise<void> {
      const checked = domainEventSchemas[event].safeParse(payload);
      if (!checked.success) {
        log.error({ event, issues: checked.error.issues }, 'domain event not published: its payload does not match its schema');
        return;
      }
      for (const s of subscribers.get(event) ?? []) {
        try {
          await (s.handler as Handler<N>)(checked.data as DomainEventPayload<N>);
        } catch (err) {
          log.error({ err, event, subscriber: s.name }, 'domain event subscriber failed');
        }
      }
    },
  };
}

export type DomainEvents = ReturnType<typeof createDomainEvents>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's domain event bus (tests subscribe to it). */
    domainEvents: DomainEvents;
  }
}
