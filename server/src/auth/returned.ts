import { isAPIError } from 'better-auth/api';

/** The id of the user a Better Auth endpoint answered with (an after hook's `ctx.context.returned`); none when it failed. */
export function returnedUserId(ctx: { context: { returned?: unknown } }): string | undefined {
  const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
  if (isAPIError(returned) || typeof returned?.user?.id !== 'string') return undefined;
  return returned.user.id;
}
