import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/* ---------- Better Auth's tables (plus role, verified, deleted_at on user) ---------- */

export const user = pgTable(
  'user',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['buyer', 'seller', 'admin'] })
      .notNull()
      .default('buyer'),
    /** Set once POST /users has recorded the role chosen at sign-up. */
    roleConfirmed: boolean('role_confirmed').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    /** Better Auth's two-factor plugin: true once an authenticator app is confirmed (two_factor). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    deletedAt: ts('deleted_at'),
    /** Set by an admin (moderation): no sign-in, no API calls, their listings hidden (hidden_reason 'suspended'). */
    suspendedAt: ts('suspended_at'),
    /**
     * The seller's visible reviews, kept by the review writes in their own transaction (modules/trust),
     * so product lists show the rating from the user row they already join, with no aggregate per row.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** Remembered from the person's last booking or their profile, and prefilled in the booking form. */
    phone: text('phone'),
    /** Their home area: a place of the gazetteer (modules/places, GeoNames id) and a free-text note. */
    homePlaceId: integer('home_place_id'),
    homeAreaNote: text('home_area_note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_role_created_idx').on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('user_role_check', sql`${t.role} in ('buyer','seller','admin')`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: uuid('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: uuid('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: uuid('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/* ---------- The shop ---------- */

export const category = pgTable('category', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  img: text('img').notNull(),
  position: integer('position').notNull().default(0),
});

export const product = pgTable(
  'product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => user.id),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    img: text('img').notNull(),
    /**
     * The listing's uploaded photos, cover first (modules/uploads StoredPhoto[]), and the cover alone:
     * lists read only `cover`, a few hundred bytes stored inline, so a page of cards joins nothing
     * and never detoasts the whole gallery. `img` is the cover's URL (or a demo/old row's own URL).
     */
    photos: jsonb('photos').notNull().default([]),
    cover: jsonb('cover'),
    /** The seller's own words for where it is (a note next to the place since places came). */
    location: text('location').notNull(),
    /**
     * Where it is: a place of the gazetteer (modules/places, the GeoNames id) and that place's
     * coordinates, copied so distances need no lookup. Null for a listing whose location named no known place.
     */
    placeId: integer('place_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    phone: text('phone').notNull(),
    condition: text('condition', { enum: ['Excellent', 'Good', 'Fair'] }).notNull(),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    usedYears: integer('used_years').notNull(),
    /** 'unlisted': taken off sale by its seller for now (relisting makes it available again). */
    status: text('status', { enum: ['available', 'sold', 'unlisted'] })
      .notNull()
      .default('available'),
    /** The seller's condition report (contract conditionReportSchema); null for items listed without one. */
    conditionReport: jsonb('condition_report'),
    /**
     * The price before the latest cut and when it was cut, kept on the row so product lists show
     * "Price dropped" without reading product_price_change (answers show it for 14 days).
     */
    priceBeforeDropCents: integer('price_before_drop_cents'),
    priceDroppedAt: ts('price_dropped_at'),
    /**
     * The seller's current verification, copied here by triggers (migration 0005) when a product is
     * added and when the seller is verified, so "verified sellers only" filters inside the product
     * indexes instead of joining every candidate row to its seller. Answers still read user.verified.
     */
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /** True while an advertisement row exists for this product; kept by triggers (migration 0007). */
    advertised: boolean('advertised').notNull().default(false),
    /** Set when the seller is deleted: the product leaves every list, nothing is lost. */
    hiddenAt: ts('hidden_at'),
    /** Why it is hidden: null (seller deleted), 'suspended' (seller suspended), 'moderation' (an admin), 'reports' (open reports). */
    hiddenReason: text('hidden_reason', { enum: ['suspended', 'moderation', 'reports'] }),
    /** True while it can be bought: available and not hidden. Every public list reads this. */
    listed: boolean('listed').notNull().generatedAlwaysAs(sql`status = 'available' and hidden_at is null`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple', coalesce(name,'') || ' ' || coalesce(category,'') || ' ' || coalesce(location,''))`,
      ),
    /**
     * The catalogue model it is (modules/devices), its variant's key and the variant's specs copied
     * from the catalogue when listed, so facets and filters read the product row alone; null for
     * items "not in the list".
     */
    deviceId: uuid('device_id').references(() => device.id, { onDelete: 'set null' }),
    variant: text('variant'),
    brand: text('brand'),
    storage: text('storage'),
    ram: text('ram'),
    colour: text('colour'),
    /**
     * The IMEI or serial number, write-only: a keyed hash to compare (duplicates, the stolen-device
     * register) and the last 4 characters, shown to a buyer after booking. The number itself is kept nowhere.
     */
    serialKind: text('serial_kind', { enum: ['imei', 'serial'] }),
    serialHash: text('serial_hash'),
    serialLast4: text('serial_last4'),
    /** Priced below the fair-price band of its model, variant and grade when listed or repriced ("Good price" on cards). */
    goodPrice: boolean('good_price').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Newest first is served by product_listed_newest_cover_idx (created_at, id) INCLUDE (seller_id,
    // category, condition, price_cents, location, seller_verified, search, device_id) WHERE listed,
    // read backwards; made in migrations 0002/0003/0005/0026 because drizzle-kit cannot express
    // INCLUDE. Filters and text search are checked inside the index, no table reads.
    index('product_listed_category_newest_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`listed`),
    // Migrations 0003/0005 add INCLUDE (category, condition, seller_id, location, seller_verified)
    // to these two (the category one without category): price-sorted filtered lists are then index-only.
    index('product_listed_price_idx').on(t.priceCents, t.id).where(sql`listed`),
    index('product_listed_category_price_idx').on(t.category, t.priceCents, t.id).where(sql`listed`),
    index('product_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('product_search_idx').using('gin', t.search),
    // "Near me": the places within the radius come from the gazetteer, then each place's newest
    // listings from this index (modules/catalog/near.ts), on PGlite and PostgreSQL alike.
    index('product_listed_place_newest_idx')
      .on(t.placeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`listed`),
    // Price guide: the sold items of one model and variant; and the same number in two live listings.
    index('product_device_variant_idx').on(t.deviceId, t.variant).where(sql`device_id is not null`),
    index('product_serial_idx').on(t.serialHash).where(sql`serial_hash is not null`),
    // A search that names catalogue models: each model's newest listings (modules/devices), and the
    // text index of the listings not linked to a model, for the free-text rest of the same search.
    index('product_listed_device_newest_idx')
      .on(t.deviceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`listed`),
    index('product_free_text_search_idx').using('gin', t.search).where(sql`device_id is null`),
    check('product_price_check', sql`${t.priceCents} > 0 and ${t.originalPriceCents} > 0`),
    check('product_used_years_check', sql`${t.usedYears} >= 0`),
  ],
);

/**
 * Listed products per category, kept exact by statement-level triggers on product (migration
 * 0002), so X-Total-Count of the unfiltered and per-category lists is one row read, not a count.
 */
export const catalogCount = pgTable('catalog_count', {
  category: text('category').primaryKey(),
  listed: integer('listed').notNull().default(0),
});

export const advertisement = pgTable(
  'advertisement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .unique()
      .references(() => product.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('advertisement_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const order = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => user.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id),
    buyerName: text('buyer_name').notNull(),
    phone: text('phone').notNull(),
    meetingLocation: text('meeting_location').notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * 'cancelled': unpaid when its seller marked the item sold outside the shop. 'paid' means the money
     * is held (authorised, not captured) until the hand-off; the rest of the life cycle is
     * modules/orders/state-machine.ts, the one place that moves it.
     */
    status: text('status', {
      enum: ['unpaid', 'paid', 'refunded', 'cancelled', 'expired', 'completed', 'released', 'declined', 'disputed', 'resolved'],
    })
      .notNull()
      .default('unpaid'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_product_idx').on(t.productId),
    uniqueIndex('orders_one_unpaid_per_buyer_product').on(t.buyerId, t.productId).where(sql`status = 'unpaid'`),
  ],
);

export const payment = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['succeeded', 'refund_pending', 'refunded'] }).notNull(),
    last4: text('last4'),
    brand: text('brand'),
    createdAt: ts('created_at').notNull().defaultNow(),
    refundedAt: ts('refunded_at'),
    /** When the held (authorised) amount was captured at the hand-off; null while held or after a release. */
    capturedAt: ts('captured_at'),
    /** The shop's commission on this payment (PLATFORM_FEE_*), fixed when the buyer paid. */
    feeCents: integer('fee_cents').notNull().default(0),
    /** The seller's payout account the charge pays (a destination charge); null: captured to the shop, transferred later. */
    destination: text('destination'),
  },
  (t) => [index('payment_order_idx').on(t.orderId)],
);

/* ---------- Hand-off (modules/handoff): the meeting, its code, transitions and cases ---------- */

/** The hand-off of a paid order: the hash of the buyer's code and the seller's wrong tries. */
export const orderHandoff = pgTable('order_handoff', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => order.id, { onDelete: 'cascade' }),
  /** HMAC of the 6-digit code; the code itself is never stored. */
  codeHash: text('code_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: ts('locked_until'),
  completedAt: ts('completed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Every move of an order's status: from, to, who (null = the system: a job or a webhook) and when. */
export const orderTransition = pgTable(
  'order_transition',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id'),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_transition_order_idx').on(t.orderId, t.id)],
);

/** A buyer's "not as described" at the meeting, or a dispute after it: the moderation queue lists these. */
export const orderCase = pgTable(
  'order_case',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id),
    kind: text('kind', { enum: ['declined', 'disputed'] }).notNull(),
    text: text('text').notNull(),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    /** How to show the photos (ProductPhoto[]), copied when the case was opened. */
    photos: jsonb('photos').notNull().default([]),
    buyerId: uuid('buyer_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    productId: uuid('product_id').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_case_status_idx').on(t.status, t.createdAt), uniqueIndex('order_case_one_per_kind').on(t.orderId, t.kind)],
);

/** The simulated provider's own ledger: what Stripe would keep on its side. */
export const simulatedIntent = pgTable('simulated_intent', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  orderId: uuid('order_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').notNull().default('requires_payment_method'),
  last4: text('last4'),
  brand: text('brand'),
  lastError: text('last_error'),
  refundedCents: integer('refunded_cents').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** A destination charge: the connected account paid at capture, and the platform's fee. */
  destination: text('destination'),
  applicationFeeCents: integer('application_fee_cents'),
  /** The transfer made at capture (destination charges). */
  transferId: text('transfer_id'),
});

/** Provider webhook events already handled (idempotency). */
export const processedEvent = pgTable('processed_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Writes sent with an Idempotency-Key (lib/idempotency.ts), per user and key: a repeat of the same
 * write gets the stored answer instead of being done again. No status_code yet: the write is under
 * way, its key held until locked_until. Kept a day (created_at).
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route pattern, e.g. `POST /api/orders`. */
    route: text('route').notNull(),
    /** A hash of the path and the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    /** The answer's JSON as it was sent. */
    body: text('body'),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_key_created_at_idx').on(t.createdAt)],
);

/**
 * Background jobs shared by every instance on this database (jobs/runner.ts). An instance runs a job
 * only after claiming its row (row lock, SKIP LOCKED): the claim moves next_run_at on and leases the
 * job to that instance (locked_by) until locked_until, so a due time is run by one instance only.
 */
export const job = pgTable('job', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull(),
  lockedUntil: ts('locked_until'),
  lockedBy: text('locked_by'),
  lastRunAt: ts('last_run_at'),
  /** The last run's error message; null once a run succeeds. */
  lastError: text('last_error'),
});

/* ---------- Two-factor sign-in and the audit log ---------- */

/**
 * Better Auth's two-factor plugin: one row per user who started setting up an authenticator app.
 * The TOTP secret and the recovery codes are stored encrypted with the auth secret; `verified` turns
 * true once the user confirmed a code from their app.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: uuid('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
    /** The time step (unix seconds / 30) of the last authenticator code accepted: no code is taken twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factor_user_idx').on(t.userId)],
);

/**
 * Who did what to whom, from where: admin actions, role grants, refunds and changes to two-factor
 * sign-in. Append-only: the code only inserts, and a trigger refuses UPDATE, DELETE
 * and TRUNCATE (see its migration). `actor_id` is a user id, or 'system' / 'cli' for the server itself and the admin
 * command; no foreign keys, so a row outlives whatever it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: ts('at').notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc())],
);

/* ---------- Mail settings and known devices ---------- */

/** Mails a user turned off (kinds of contract OPTIONAL_MAIL_KINDS); no row means the mail is sent. */
export const mailOptOut = pgTable(
  'mail_opt_out',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The browsers each user has signed in from, so a sign-in from one never seen before is told to the
 * user by mail (auth/account-mail.ts). A browser is known by its long-lived device cookie, or by its
 * user agent together with the network it signs in from; rows from before device cookies have
 * `device_hash` 'ua:' + the user agent's hash and no network. Hashes: the cookie is a secret, and a
 * user agent can be longer than an index entry may be.
 */
export const knownDevice = pgTable(
  'known_device',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** SHA-256 of the browser's device cookie (auth/device.ts). */
    deviceHash: text('device_hash').notNull(),
    userAgentHash: text('user_agent_hash').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The network of the latest sign-in: an IPv4 /24 or IPv6 /48 ('' when not known). */
    network: text('network').notNull().default(''),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('known_device_user_agent_network_idx').on(t.userId, t.userAgentHash, t.network),
  ],
);

/**
 * Every mail the shop sends (mail/mailer.ts). The row is written when the mail is enqueued, inside the
 * transaction of what caused it, and the mail job delivers it: next_attempt_at is when it is due (or,
 * while an instance is sending it, when that claim lapses), null once it is sent or given up. Mails of
 * the development outbox (no SMTP_URL outside production) are written as sent, transport 'dev'.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order mails were enqueued in (created_at may repeat: it is the app's clock, which tests hold still). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    to: text('to_address').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    sentAt: ts('sent_at'),
    transport: text('transport', { enum: ['smtp', 'dev'] }),
    /** The last failed attempt's error; kept after a later success for the record. */
    lastError: text('last_error'),
    /** Files sent with it (e.g. a meeting's .ics): [{ filename, contentType, content }], content as text. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`next_attempt_at is not null`),
    index('mail_outbox_seq_idx').on(t.seq),
  ],
);

/* ---------- Listing edits ---------- */

/** Every change of a product's price by its seller, cuts and rises (price alerts read the cuts). */
export const productPriceChange = pgTable(
  'product_price_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id),
    oldPriceCents: integer('old_price_cents').notNull(),
    newPriceCents: integer('new_price_cents').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('product_price_change_product_idx').on(t.productId, t.changedAt.desc()),
    index('product_price_change_changed_idx').on(t.changedAt, t.id),
  ],
);

/* ---------- Photos ---------- */

/**
 * One uploaded photo (its files are in storage under p/<id>/). product_id is set while a listing
 * uses it (as a gallery photo or a flaw photo of its condition report); an upload unused for a day
 * is deleted with its files by the uploads.cleanup job.
 */
export const upload = pgTable(
  'upload',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => user.id),
    productId: uuid('product_id').references(() => product.id),
    usage: text('usage', { enum: ['photo', 'flaw'] }),
    /** modules/uploads StoredPhoto: sizes and formats made, placeholder. */
    photo: jsonb('photo').notNull(),
    /** Bytes stored for all its files. */
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When it was last taken off a listing (or made): the cleanup job's clock for unused uploads. */
    unusedSince: ts('unused_since').defaultNow(),
  },
  (t) => [
    index('upload_product_idx').on(t.productId),
    index('upload_unused_idx').on(t.unusedSince).where(sql`product_id is null`),
    // Each upload counts a seller's recent and unused uploads (the per-seller caps).
    index('upload_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/* ---------- Talk: conversations, events, notifications, saved searches ---------- */

/**
 * One conversation per (listing, buyer). The seller is copied from the listing so a person's list is
 * one index walk. `last_message_id` orders lists (newest first) and each side's `*_read_id` is the last
 * message id that side has read: unread = the other side's messages after it.
 */
export const conversation = pgTable(
  'conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => user.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => user.id),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    buyerReadId: bigint('buyer_read_id', { mode: 'number' }).notNull().default(0),
    sellerReadId: bigint('seller_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_product_buyer_idx').on(t.productId, t.buyerId),
    index('conversation_buyer_recent_idx').on(t.buyerId, t.lastMessageId.desc(), t.id),
    index('conversation_seller_recent_idx').on(t.sellerId, t.lastMessageId.desc(), t.id),
  ],
);

/** A text message; ids only grow, so they order a conversation and are its keyset cursor. */
export const message = pgTable(
  'message',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversation.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => user.id),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('message_conversation_idx').on(t.conversationId, t.id.desc()),
    index('message_sender_recent_idx').on(t.senderId, t.createdAt),
  ],
);

/**
 * What each user's open tabs are told (modules/events): a new message, a booking, a payment, a
 * notification. Kept a day so a stream that reconnects with Last-Event-ID misses nothing.
 */
export const userEvent = pgTable(
  'user_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_event_user_idx').on(t.userId, t.id), index('user_event_created_idx').on(t.createdAt)],
);

/** The bell: one row per thing a user is told about. */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A path in the web app the notification opens. */
    link: text('link').notNull().default(''),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notification_user_recent_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notification_user_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

/** A person who blocked another: no messages either way. */
export const userBlock = pgTable(
  'user_block',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** A catalog search a user asked to hear about; new matches are batched at most hourly. */
export const savedSearch = pgTable(
  'saved_search',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The catalog's filters (contract productQuerySchema without paging). */
    query: jsonb('query').$type<Record<string, string | number | boolean>>().notNull(),
    label: text('label').notNull(),
    /** Products posted after this were not yet told. */
    checkedUntil: ts('checked_until').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('saved_search_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A favourite: a listing a user saved (the heart). It is also their price watch, one feature: a drop
 * of its price and its sale are told to them (modules/alerts). `notified_until` is the last price
 * change already told; `sold_told_at` is set once its sale was told.
 */
export const priceWatch = pgTable(
  'price_watch',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id),
    notifiedUntil: ts('notified_until').notNull().defaultNow(),
    soldToldAt: ts('sold_told_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('price_watch_product_idx').on(t.productId),
    // The Saved page: a person's favourites, newest first.
    index('price_watch_user_recent_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * An offer on a listing (modules/offers): the buyer's amount, the seller's counter, and where it
 * stands. 'open' waits for the seller, 'countered' for the buyer; 'accepted' made a booking
 * (`order_id`) at the agreed price; 'declined', 'withdrawn' (by its buyer), 'expired' (48 h without an
 * answer) and 'closed' (the item was sold or booked through another offer) are final. One offer still
 * being talked over per buyer and listing.
 */
export const offer = pgTable(
  'offer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => user.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => user.id),
    amountCents: integer('amount_cents').notNull(),
    counterCents: integer('counter_cents'),
    /** The listing's price when the offer was made (what the offer is compared with). */
    listPriceCents: integer('list_price_cents').notNull(),
    status: text('status', { enum: ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'closed'] })
      .notNull()
      .default('open'),
    /** The booking details the buyer gave with the offer, used when it becomes a booking. */
    buyerName: text('buyer_name').notNull(),
    phone: text('phone').notNull().default(''),
    meetingLocation: text('meeting_location').notNull().default(''),
    orderId: uuid('order_id').references(() => order.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_one_live_per_buyer_product').on(t.productId, t.buyerId).where(sql`status in ('open', 'countered')`),
    index('offer_buyer_recent_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('offer_seller_recent_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index('offer_product_idx').on(t.productId, t.status),
    index('offer_live_expiry_idx').on(t.expiresAt).where(sql`status in ('open', 'countered')`),
    check('offer_amount_check', sql`${t.amountCents} > 0 and (${t.counterCents} is null or ${t.counterCents} > 0)`),
  ],
);

/** The listings a signed-in person opened lately (the newest few are kept), for "Recently viewed". */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('recently_viewed_user_idx').on(t.userId, t.viewedAt.desc())],
);

/* ---------- Trust: reviews and reports ---------- */

/** A buyer's rating of the seller after a completed hand-off: one per order, one reply by the seller. */
export const review = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => order.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => user.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => user.id),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Removed by an admin: kept for the record, shown nowhere, not counted in the seller's rating. */
    removedAt: ts('removed_at'),
    removedReason: text('removed_reason'),
  },
  (t) => [
    index('review_seller_recent_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()).where(sql`removed_at is null`),
    check('review_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** Someone's report of a listing, a user, a review or a conversation, open until an admin resolves it. */
export const report = pgTable(
  'report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['listing', 'user', 'review', 'conversation'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => user.id),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by'),
    /** The action taken (contract MODERATION_ACTIONS) and the admin's reason. */
    resolution: text('resolution'),
    resolutionReason: text('resolution_reason'),
  },
  (t) => [
    index('report_open_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`resolved_at is null`),
    index('report_target_idx').on(t.kind, t.targetId),
    uniqueIndex('report_one_open_per_reporter').on(t.kind, t.targetId, t.reporterId).where(sql`resolved_at is null`),
    check('report_kind_check', sql`${t.kind} in ('listing','user','review','conversation')`),
  ],
);

/* ---------- Meeting: safe meetup spots and the meeting of a booking (modules/meetup) ---------- */

/** A public place admins recommend for hand-offs (a police station lobby, a mall's help desk...). */
export const meetupSpot = pgTable(
  'meetup_spot',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** The gazetteer place it is in (modules/places), for "spots in Dhaka". */
    placeId: integer('place_id'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Opening hours as people write them ("Daily 10:00-22:00"). */
    hours: text('hours').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('meetup_spot_lat_lng_idx').on(t.lat, t.lng)],
);

/**
 * Where and when a booking's buyer and seller meet: the buyer proposes up to three times and a spot
 * (or another place), the seller confirms one or proposes another (then the buyer confirms).
 * `time` is the confirmed time; the reminder job sets `reminded_at`, the follow-up job `followed_up_at`.
 */
export const orderMeeting = pgTable(
  'order_meeting',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => order.id, { onDelete: 'cascade' }),
    spotId: uuid('spot_id').references(() => meetupSpot.id, { onDelete: 'set null' }),
    /** The spot's name and address as they were when chosen, or the place the buyer wrote. */
    place: text('place').notNull(),
    address: text('address').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The IANA time zone of the meeting place: what the mail, the .ics and the pages show times in. */
    timeZone: text('time_zone').notNull(),
    proposedTimes: jsonb('proposed_times').$type<string[]>().notNull(),
    proposedBy: text('proposed_by', { enum: ['buyer', 'seller'] }).notNull(),
    time: ts('time'),
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: ts('confirmed_at'),
    remindedAt: ts('reminded_at'),
    followedUpAt: ts('followed_up_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_meeting_remind_idx').on(t.time).where(sql`reminded_at is null and time is not null`),
    index('order_meeting_follow_up_idx').on(t.time).where(sql`followed_up_at is null and time is not null`),
  ],
);

/* ---------- Payouts (modules/payouts): sellers' payout accounts and the money ledger ---------- */

/**
 * A seller's payout account at the payment provider (Stripe Connect Express, or the simulated
 * provider's own): `ready` once it may receive transfers; `requirements_due` what the provider still
 * asks for. Kept in step by the provider's account.updated events (or the simulated onboarding form).
 */
export const payoutAccount = pgTable(
  'payout_account',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull().unique(),
    status: text('status', { enum: ['pending', 'ready'] })
      .notNull()
      .default('pending'),
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * One row per money movement of a sale (charge held, hold released, captured with the shop's fee,
 * transfer to the seller, refund with the fee given back, transfer reversal, payout to the bank).
 * Append-only like audit_log (a trigger refuses UPDATE, DELETE, TRUNCATE); balances are sums over it.
 * Written in the transaction of the state change it belongs to. `event_key` makes each movement
 * once: a provider event id or the movement's own key (`capture:<payment id>`), unique.
 * `amount_cents` is the movement's size (>= 0), `fee_cents` the shop's part of it (charges and refunds).
 */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: ts('created_at').notNull().defaultNow(),
    kind: text('kind', {
      enum: ['charge_held', 'hold_released', 'charge_captured', 'transfer', 'refund', 'transfer_reversal', 'payout'],
    }).notNull(),
    sellerId: uuid('seller_id'),
    orderId: uuid('order_id'),
    paymentId: uuid('payment_id'),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** The provider's id of the movement (pi_, tr_, trr_, re_, po_...). */
    reference: text('reference'),
    eventKey: text('event_key').notNull().unique(),
  },
  (t) => [
    index('ledger_entry_seller_idx').on(t.sellerId, t.createdAt),
    index('ledger_entry_created_idx').on(t.createdAt),
    index('ledger_entry_order_idx').on(t.orderId),
    check('ledger_entry_amounts', sql`${t.amountCents} >= 0 and ${t.feeCents} >= 0 and ${t.feeCents} <= ${t.amountCents}`),
  ],
);

/** The simulated provider's connected accounts (what Stripe keeps for Connect). */
export const simulatedAccount = pgTable('simulated_account', {
  id: text('id').primaryKey(),
  email: text('email'),
  name: text('name').notNull().default(''),
  routingNumber: text('routing_number').notNull().default(''),
  accountLast4: text('account_last4').notNull().default(''),
  requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The simulated provider's transfers to connected accounts, and how much of each was reversed. */
export const simulatedTransfer = pgTable('simulated_transfer', {
  id: text('id').primaryKey(),
  destination: text('destination').notNull(),
  amountCents: integer('amount_cents').notNull(),
  reversedCents: integer('reversed_cents').notNull().default(0),
  sourceIntent: text('source_intent'),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/* ---------- Device catalogue, search vocabulary, serial checks (issue 28, modules/devices) ---------- */

/** One model of the device catalogue (seeded from modules/devices/catalogue.ts, edited by admins). */
export const device = pgTable(
  'device',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    releaseYear: integer('release_year').notNull(),
    /** [{ key, size?, storage?, ram?, connectivity? }]: the priced configurations (contract deviceVariantSchema). */
    variants: jsonb('variants').notNull().default([]),
    colours: jsonb('colours').$type<string[]>().notNull().default([]),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    /** brand, model and aliases, lowercased: what the forgiving search matches with pg_trgm. */
    searchText: text('search_text').notNull(),
    /** Retired by an admin: no longer offered when listing; listings keep it. */
    retired: boolean('retired').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_brand_model_idx').on(t.brand, t.model),
    index('device_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The words search corrects typing towards (catalogue words, and what people searched for that found
 * something): a few thousand rows, the nearest by trigram distance through a GiST index.
 */
export const searchTerm = pgTable(
  'search_term',
  {
    term: text('term').primaryKey(),
    source: text('source', { enum: ['catalogue', 'popular'] }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [index('search_term_trgm_idx').using('gist', sql`${t.term} gist_trgm_ops`)],
);

/**
 * Listed products per (category, brand, model, storage, RAM, colour, condition), '' for none, kept
 * exact by statement-level triggers on product like catalog_count: facet counts read this small
 * table (a few thousand rows), never the million listings.
 */
export const listingFacet = pgTable(
  'listing_facet',
  {
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    deviceId: text('device_id').notNull(),
    storage: text('storage').notNull(),
    ram: text('ram').notNull(),
    colour: text('colour').notNull(),
    condition: text('condition').notNull(),
    listed: integer('listed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.brand, t.deviceId, t.storage, t.ram, t.colour, t.condition] })],
);

/** The stolen-device register: a lost or stolen device's number, reported by its owner, reviewed by admins. */
export const stolenDevice = pgTable(
  'stolen_device',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['imei', 'serial'] }).notNull(),
    /** The number as reported (normalised): admins compare it with the owner's proof. */
    serial: text('serial').notNull(),
    serialHash: text('serial_hash').notNull(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => user.id),
    policeRef: text('police_ref').notNull(),
    note: text('note').notNull().default(''),
    /** 'pending' and 'confirmed' both refuse listings; 'rejected' (an admin found it unfounded) does not. */
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => user.id),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stolen_device_open_idx').on(t.serialHash).where(sql`status <> 'rejected'`),
    index('stolen_device_status_idx').on(t.status, t.createdAt),
  ],
);

/** What moderators look at about numbers: the same number in two live listings, or a registered number offered for sale. */
export const serialFlag = pgTable(
  'serial_flag',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['duplicate', 'stolen'] }).notNull(),
    serialHash: text('serial_hash').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => user.id),
    /** The listing (null for a refused attempt: nothing was listed) and the other live listing with that number. */
    productId: uuid('product_id').references(() => product.id),
    otherProductId: uuid('other_product_id').references(() => product.id),
    stolenId: uuid('stolen_id').references(() => stolenDevice.id),
    /** What the seller tried to list (a refused attempt has no product row). */
    detail: text('detail').notNull().default(''),
    resolvedBy: uuid('resolved_by').references(() => user.id),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('serial_flag_open_idx').on(t.createdAt).where(sql`resolved_at is null`)],
);

/** Views of a listing's page by others than its seller, for seller insights (one counter row per listing). */
export const productStat = pgTable('product_stat', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => product.id),
  views: integer('views').notNull().default(0),
});
