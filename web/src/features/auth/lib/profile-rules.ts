import { z } from 'zod';
import { newPasswordSchema, signupSchema } from '@shop/contract';

/** The display name: the sign-up form's rule (required, trimmed, at most 100; docs/product.md#validation). */
export const nameRule = signupSchema.shape.name;

export const PASSWORDS_DIFFER = 'The two new passwords do not match';
export const SAME_PASSWORD = 'The new password must differ from the current one';

/**
 * Change password: the new one follows the rule of every new password (at least 8 characters, with
 * 'password at lest 6 charecter' under 6; docs/product.md#validation), typed twice.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'Current password is required' }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, { message: 'Type the new password again' }),
    revokeOtherSessions: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER });
    if (v.currentPassword && v.newPassword && v.currentPassword === v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SAME_PASSWORD });
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
