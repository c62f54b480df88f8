import type { FastifyRequest } from 'fastify';
import { CONVERSATIONS_LISTED, type InitialPageData } from '@shop/contract';
import { requireBuyer } from '../../auth/plugin';
import { AppError } from '../../lib/errors';
import type { FavoritesService } from '../alerts/favorites';
import type { ConversationsService } from '../conversations/service';
import type { EventBus } from '../events/bus';
import type { NotificationsService } from '../notifications/service';

/** Where a signed-in person's own counts and lists are read. */
export type PersonalServices = {
  favorites: FavoritesService;
  notifications: NotificationsService;
  conversations: ConversationsService;
  events: Pick<EventBus, 'latestId'>;
};

type PersonalData = Pick<InitialPageData, 'favorites' | 'unreadNotifications' | 'conversations' | 'lastEventId'>;

/**
 * What a signed-in person's every screen shows besides the page itself: the saved hearts, the bell's
 * number and, on a phone, the tab bar's unread messages. Read here, with the same checks and calls
 * as the API's GET /api/favorites, /api/notifications/unread-count and /api/conversations, so the
 * app draws them from the first paint and asks for none of them as it starts (three requests and
 * three renders fewer on a phone's main thread right after the page is hydrated). A read that fails,
 * or one the person may not make (an admin saves nothing), is left out: the app asks for it itself.
 * The newest event's id is read first: the app's live stream resumes after it, so whatever changes
 * these between the reads and the stream's start reaches the page.
 */
export async function personalData(
  request: FastifyRequest,
  services: PersonalServices,
  { phone }: { phone: boolean },
): Promise<PersonalData> {
  const kept = <T>(read: Promise<T>, what: string) =>
    read.catch((err: unknown) => {
      // The refusal of an admin's favorites is expected; anything else is worth a line.
      if (!(err instanceof AppError && err.statusCode === 403)) request.log.warn({ err }, `page: ${what} not read`);
      return undefined;
    });
  // A suspended or closed account has a session but no user: nothing of theirs is read.
  const user = await request.sessionUser();
  if (!user) return {};
  const lastEventId = await kept(services.events.latestId(), 'last event id');
  const [favorites, unreadNotifications, conversations] = await Promise.all([
    kept(
      requireBuyer(request).then((buyer) => services.favorites.list(buyer.id)),
      'favorites',
    ),
    kept(
      services.notifications.unreadCount(user.id).then((unread) => ({ unread })),
      'unread count',
    ),
    phone
      ? kept(
          services.conversations.list(user, CONVERSATIONS_LISTED).then((page) => page.items),
          'conversations',
        )
      : undefined,
  ]);
  return {
    ...(favorites && { favorites }),
    ...(unreadNotifications && { unreadNotifications }),
    ...(conversations && { conversations }),
    ...(lastEventId !== undefined && { lastEventId }),
  };
}
