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
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ error: 'bad_url', message: 'The address is not valid.' });
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(400).send({ error: 'bad_url', message: 'A part of the address is too long.' });
  return reply.send(err);
}

/**
 * One error handler: bad input is a 400 naming the field, known errors keep their status, and
 * anything else is logged in full and answered with a 500 that leaks nothing.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
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
