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

/** The 403 `error` code of an admin call by an admin without two-factor sign-in (REQUIRE_ADMIN_2FA). */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

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
