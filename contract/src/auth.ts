import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MESSAGES, MIN_PASSWORD_LENGTH } from './constants';

/** Login form (SPEC.md 5). Shared by the web form; the server (Better Auth) enforces the same minimum. */
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
  name: z.string().trim().min(1, { message: MESSAGES.nameRequired }).max(100, { message: 'Name must be at most 100 characters' }),
  isSeller: z.boolean().default(false),
});
export type SignupInput = z.input<typeof signupSchema>;
