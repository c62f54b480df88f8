import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { requestPath } from './request-path';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldOf(issue: Issue): string {
  const p = issue.params?.issue?.path;
  if (p?.length) return p.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/**
 * Errors Fastify raises before routing (Fastify's `frameworkErrors` option): a malformed or overlong
 * part of the URL is bad input in our `{error, message}` shape, without echoing the URL back.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Raised before the onRequest hooks, so the request id header is set here too.
  const requestId = request.id;
  reply.header('x-request-id', requestId);
  if (err.code === 'FST_ERR_BAD_URL')
    return reply.code(400).send({ error: 'bad_url', message: 'The address is not valid.', requestId });
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(400).send({ error: 'bad_url', message: 'A part of the address is too long.', requestId });
  return reply.send(err);
}

const isErrorBody = (payload: unknown): payload is { error: string; message: string } =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { error?: unknown }).error === 'string' &&
  typeof (payload as { message?: unknown }).message === 'string';

/**
 * One error handler: bad input is a 400 naming the field, known errors keep their status, and
 * anything else is logged in full and answered with a 500 that leaks nothing. Every error answer,
 * from here or from a route or hook that answers `{error, message}` itself, carries the request's id
 * (`requestId`, also in the X-Request-Id header and on each of its log lines).
 */
export function installErrorHandler(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) =>
    reply.statusCode >= 400 && isErrorBody(payload) ? { ...payload, requestId: request.id } : payload,
  );
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterS !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterS))));
      return reply
        .code(err.statusCode)
        .send({ error: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0] as Issue;
      const field = fieldOf(issue);
      const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
      return reply.code(400).send({
        error: 'validation_error',
        message: `${field} ${issue.message ?? 'is invalid'}`.trim(),
        field,
        ...(where && where !== 'body' ? { in: where } : {}),
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'payload_too_large'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'unsupported_media_type'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
                err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
                err instanceof SyntaxError
              ? 'invalid_json'
              : status === 429
                ? 'rate_limited'
                : 'bad_request';
      const message =
        code === 'payload_too_large'
          ? 'The request body is too large.'
          : code === 'invalid_json'
            ? 'The request body is not valid JSON.'
            : code === 'unsupported_media_type'
              ? 'Send the request body as application/json.'
              : err.message;
      return reply.code(status).send({ error: code, message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${requestPath(request.url)}.` });
  });
}
