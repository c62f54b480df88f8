/** The one error type services throw; the error handler turns it into `{error, message, field?}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Seconds until asking again can succeed (a 429's Retry-After). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new AppError(400, 'validation_error', `${field} ${message}`, field);
export const unauthorized = () => new AppError(401, 'unauthorized', 'Please sign in to continue.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} was not found.`);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
