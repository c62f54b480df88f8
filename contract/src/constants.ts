/**
 * The shop's fixed lists (docs/product.md#entities) and limits (docs/product.md#validation and
 * docs/product.md#pagination), one place for each.
 */
export const CATEGORIES = ['Laptop', 'Mobile', 'iPad', 'Camera', 'Headphone', 'Watch'] as const;
export type CategoryName = (typeof CATEGORIES)[number];

export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Under this, a password gets MESSAGES.passwordMin (the login form still signs in such old passwords). */
export const MIN_PASSWORD_LENGTH = 6;
/** The least a new password (sign-up, change, reset) may have. */
export const MIN_NEW_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
/**
 * How many conversations the app's list asks for at once (GET /api/conversations?limit=), plenty for
 * one person; a signed-in phone's page carries as many (server: modules/pages/personal.ts).
 */
export const CONVERSATIONS_LISTED = 100;

/** The 403 `error` code of an admin call by an admin without two-factor sign-in (REQUIRE_ADMIN_2FA). */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

/** The longest report of a listing, user, review or conversation (and a moderator's reason). */
export const REPORT_REASON_MAX = 500;

/** The longest message a person can send. */
export const MESSAGE_MAX_CHARS = 2000;

/**
 * The shop's name when SHOP_NAME is not set (server/src/config.ts). The web app never builds it in: it
 * reads the name the server writes into each page (SHOP_NAME_META); only Vite's development server
 * writes it into its own pages, as the server would (web/vite.config.ts).
 */
export const DEFAULT_SHOP_NAME = 'SecondByte';

/**
 * The page's `<meta name>` that carries the shop's name (the server's SHOP_NAME): the server writes it
 * into every page it sends, the web app reads it from there (nothing of the name is built in).
 */
export const SHOP_NAME_META = 'application-name';

/** Largest price we accept, in dollars. */
export const MAX_PRICE_DOLLARS = 1_000_000;

/**
 * Exact UI strings, typos and spaces kept on purpose: the browser tests compare them letter by letter
 * (docs/product.md#exact-strings).
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordMin: 'password at lest 6 charecter',
  nameRequired: 'Name is required',
  loginSuccess: 'successfully log in!',
  signupSuccess: 'successfully signed up!',
  orderPlaced: 'Order Placed Successfully!',
  productAdded: 'Product Added Successfully!',
  advertiseAdded: ' Advertisment added Successfully!',
  sellerVerified: 'You make this seller verified',
  buyerDeleted: 'Buyer deleted Successfully!',
  userDeleted: 'User Deleted successfully!',
  errorPage: 'Somthing went wrong !!!',
  paymentComplete: 'Congrats! Your payment complete',
} as const;

/**
 * The fixed sentence for each error code a redirect to /login may carry (?error=<code>): a failed
 * Google sign-in, an expired emailed link. The login page shows only these (never text from the
 * link itself), and the server's OAuth redirect names the same sentence in `message`.
 */
export const LOGIN_ERROR_TEXTS: Readonly<Record<string, string>> = {
  access_denied: 'Google sign-in was cancelled.',
  account_not_linked:
    'An account with this email already exists, and Google did not confirm that the email is yours. Sign in with your password instead.',
  unable_to_link_account: 'We could not connect your Google account to your shop account. Sign in with your password instead.',
  email_not_found: 'Google did not share an email address with the shop, so we cannot sign you in.',
  email_not_verified: 'Google has not verified this email address yet.',
  email_does_not_match: 'That Google account uses a different email address.',
  account_already_linked_to_different_user: 'That Google account is already connected to another shop account.',
  state_not_found: 'The sign-in took too long or was started in another browser. Please try again.',
  state_mismatch: 'The sign-in took too long or was started in another browser. Please try again.',
  please_restart_the_process: 'The sign-in took too long or was started in another browser. Please try again.',
  invalid_code: 'Google sign-in did not complete. Please try again.',
  no_code: 'Google sign-in did not complete. Please try again.',
  unable_to_get_user_info: 'We could not read your Google profile. Please try again.',
  oauth_provider_not_found: 'Google sign-in is not available on this shop.',
  signup_disabled: 'New accounts cannot be created with Google here.',
  unable_to_create_user: 'We could not create your account. Please try again.',
  unable_to_create_session: 'We could not sign you in. Please try again.',
  invalid_token: 'This link has expired or was already used. Please ask for a new one.',
  token_expired: 'This link has expired or was already used. Please ask for a new one.',
  internal_server_error: 'Something went wrong on our side. Please try again.',
};

/** The most listings kept (and shown) as recently viewed. */
export const RECENTLY_VIEWED_MAX = 12;

/** Completed sales a price-guide band needs before it is shown ("not enough sales yet" below it).
 * Here, not in devices.ts: a product page shows the band, and devices.ts builds zod schemas. */
export const PRICE_GUIDE_MIN_SALES = 5;
