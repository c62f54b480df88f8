import { type DomainEventPayload, formatMoney } from '@shop/contract';
import { paths } from '@shop/contract/web-paths';
import { oneLine } from '../../mail/templates/format';

/** What an offer event tells: the bell of each person named (and their mail, the `offers` setting), and a line in the conversation. */
export type OfferNotice = {
  bell: { userId: string; title: string; body: string; link: string }[];
  /** Written in the conversation between the item's buyer and seller, as `senderId`. */
  line?: { senderId: string; text: string };
};

const dollars = (cents: number) => formatMoney(cents / 100);
const OFFERS = paths.dashboard.offers.getHref();
/** The seller's side of the offers page. */
const RECEIVED = paths.dashboard.offers.getHref('received');
const name = (s: string) => oneLine(s || 'Someone', 60);

/** The sentences of each offer event, one place for them all (subscribers.ts sends them). */
export const offerNotices = {
  made(e: DomainEventPayload<'offer.made'>): OfferNotice {
    return {
      line: { senderId: e.buyerId, text: `Offered ${dollars(e.amountCents)} (asking ${dollars(e.listPriceCents)}).` },
      bell: [
        {
          userId: e.sellerId,
          title: `New offer: ${dollars(e.amountCents)} for ${oneLine(e.productName)}`,
          body: `${name(e.buyerName)} offered ${dollars(e.amountCents)} (you ask ${dollars(e.listPriceCents)}). Accept, counter or decline within 48 hours.`,
          link: RECEIVED,
        },
      ],
    };
  },

  countered(e: DomainEventPayload<'offer.countered'>): OfferNotice {
    return {
      line: {
        senderId: e.sellerId,
        text: `Countered your offer of ${dollars(e.amountCents)} with ${dollars(e.counterCents)}.`,
      },
      bell: [
        {
          userId: e.buyerId,
          title: `Counter-offer: ${oneLine(e.productName)} for ${dollars(e.counterCents)}`,
          body: `${name(e.sellerName)} answered your ${dollars(e.amountCents)} with ${dollars(e.counterCents)}. Accept or decline within 48 hours.`,
          link: OFFERS,
        },
      ],
    };
  },

  accepted(e: DomainEventPayload<'offer.accepted'>): OfferNotice {
    const byBuyer = e.by === 'buyer';
    return {
      line: {
        senderId: byBuyer ? e.buyerId : e.sellerId,
        text: `Accepted the offer: ${dollars(e.priceCents)}. The item is booked for ${name(e.buyerName)}, who pays in My Orders.`,
      },
      bell: [
        {
          userId: byBuyer ? e.sellerId : e.buyerId,
          title: `Offer accepted: ${oneLine(e.productName)} for ${dollars(e.priceCents)}`,
          body: byBuyer
            ? `${name(e.buyerName)} accepted your counter. The item is booked for them until they pay.`
            : `${name(e.sellerName)} accepted your offer. Pay in My Orders to hold the item until you meet.`,
          link: byBuyer ? RECEIVED : paths.dashboard.myOrders.getHref(),
        },
        ...e.closedBuyerIds.map((userId) => ({
          userId,
          title: `Offer closed: ${oneLine(e.productName)}`,
          body: 'The seller accepted another offer on this item, so yours was closed.',
          link: OFFERS,
        })),
      ],
    };
  },

  declined(e: DomainEventPayload<'offer.declined'>): OfferNotice {
    const shown = dollars(e.amountCents);
    const byBuyer = e.by === 'buyer';
    return {
      line: {
        senderId: byBuyer ? e.buyerId : e.sellerId,
        text: e.withdrawn ? `Withdrew the offer of ${shown}.` : `Declined the offer of ${shown}.`,
      },
      bell: [
        {
          userId: byBuyer ? e.sellerId : e.buyerId,
          title: `${e.withdrawn ? 'Offer withdrawn' : 'Offer declined'}: ${oneLine(e.productName)}`,
          body: e.withdrawn
            ? `${name(e.buyerName)} withdrew their offer of ${shown}.`
            : `${name(byBuyer ? e.buyerName : e.sellerName)} declined the offer of ${shown}.`,
          link: byBuyer ? RECEIVED : OFFERS,
        },
      ],
    };
  },

  expired(e: DomainEventPayload<'offer.expired'>): OfferNotice {
    const note = {
      title: `Offer expired: ${oneLine(e.productName)}`,
      body: 'It had no answer within 48 hours. A new offer can be made while the item is for sale.',
      link: OFFERS,
    };
    return {
      bell: [
        { userId: e.buyerId, ...note },
        { userId: e.sellerId, ...note, link: RECEIVED },
      ],
    };
  },

  closed(e: DomainEventPayload<'offer.closed'>): OfferNotice {
    return {
      bell: [
        {
          userId: e.buyerId,
          title: `Offer closed: ${oneLine(e.productName)}`,
          body: 'The item is no longer for sale, so your offer was closed.',
          link: OFFERS,
        },
      ],
    };
  },
};
