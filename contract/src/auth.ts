import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MESSAGES, MIN_NEW_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { visibleOnly } from './shown-text';

/**
 * The fields the shop adds to Better Auth's user, in Better Auth's own form: the server's auth options
 * (`user.additionalFields`) and the web app's auth client (`inferAdditionalFields`) both take them from
 * here, so the session's type is the same on both sides without the web app reading the server's source.
 * None is set through Better Auth's own calls (`input: false`): `role` by POST /api/users and the admin,
 * `verified` by an admin, the dates by deletion and suspension.
 */
export const USER_ADDITIONAL_FIELDS = {
  role: { type: 'string', input: false, defaultValue: 'buyer', required: false },
  verified: { type: 'boolean', input: false, defaultValue: false, required: false },
  roleConfirmed: { type: 'boolean', input: false, defaultValue: false, required: false },
  deletedAt: { type: 'date', input: false, required: false },
  suspendedAt: { type: 'date', input: false, required: false },
} as const;

/** The error code of a 403 for an account that has not verified its email address yet. */
export const EMAIL_NOT_VERIFIED = 'email_not_verified';

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`;
export const PASSWORD_BLANK_MESSAGE = 'Password cannot be only spaces';

/**
 * A password being chosen (sign-up, change, reset), as the forms check it and the server too. Under 6
 * characters it keeps the product's own message; the most common passwords are refused by the server
 * only (the list is too large for the web app).
 */
export const newPasswordSchema = z
  .string()
  .min(1, { message: MESSAGES.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, { message: MESSAGES.passwordMin })
  .min(MIN_NEW_PASSWORD_LENGTH, { message: PASSWORD_TOO_SHORT_MESSAGE })
  .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  .refine((p) => p.trim().length > 0, { message: PASSWORD_BLANK_MESSAGE });

/** Login form (docs/product.md#validation). Shared by the web form; the server (Better Auth) enforces the same minimum. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, { message: MESSAGES.emailRequired }).email({ message: 'Enter a valid email address' }),
  password: z
    .string()
    .min(1, { message: MESSAGES.passwordRequired })
    .min(MIN_PASSWORD_LENGTH, { message: MESSAGES.passwordMin })
    .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = loginSchema.extend({
  password: newPasswordSchema,
  name: z
    .string()
    .trim()
    .min(1, { message: MESSAGES.nameRequired })
    .max(100, { message: 'Name must be at most 100 characters' })
    .superRefine(visibleOnly({ label: 'Name' })),
  isSeller: z.boolean().default(false),
});
export type SignupInput = z.input<typeof signupSchema>;

/** 'Forgot password?': the address to send the reset link to. */
export const forgotPasswordSchema = loginSchema.pick({ email: true });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const PASSWORDS_DIFFER_MESSAGE = 'The two passwords do not match';

/** The reset page (from the emailed link): the new password, typed twice. */
export const resetPasswordSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string().min(1, { message: 'Type the new password again' }) })
  .refine((v) => !v.confirmPassword || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
