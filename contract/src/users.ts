import { z } from 'zod';
import { answerEmail, answerId, answerTime, emailSchema, pageQuery } from './common';
import { visibleOnly } from './shown-text';

export const ROLES = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** POST /users: records the role once, for the signed-in user only. */
export const userInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(100, { message: 'must be at most 100 characters' })
    .superRefine(visibleOnly()),
  email: emailSchema,
  isSeller: z.boolean({ message: 'must be true or false' }).default(false),
});
export type UserInput = z.input<typeof userInputSchema>;

export const userSchema = z
  .object({
    _id: answerId,
    name: z.string(),
    email: answerEmail,
    isSeller: z.boolean(),
    role: z.enum(ROLES),
    status: z.enum(['verified', '']),
    verified: z.boolean(),
    createdAt: answerTime,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const emailParams = z.object({ email: emailSchema });
export const userListQuery = pageQuery;

export const isAdminSchema = z.object({ isAdmin: z.boolean() });
export const isBuyerSchema = z.object({ isBuyer: z.boolean() });
export const isSellerSchema = z.object({ isSeller: z.boolean(), isVerified: z.boolean() });

export const userWriteResultSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string().nullable(),
  role: z.enum(ROLES),
});
export const modifiedResultSchema = z.object({ acknowledged: z.boolean(), modifiedCount: z.number() });
export const deletedResultSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });
