import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * What a request id from outside may look like: nginx's $request_id is 32 hex digits, and other proxies
 * send UUIDs or similar tokens. Anything else (too long, spaces, control characters that could forge
 * log lines) is replaced by an id of our own.
 */
const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id (Fastify's genReqId): the proxy's X-Request-Id when it is a plausible id, so one
 * id follows the request from nginx's access log through ours; else a new UUID. It is only a label
 * for finding log lines (nothing is authorised by it), so a client's own id is taken as well.
 */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const id = Array.isArray(header) ? header[0] : header;
  return id && VALID_ID.test(id) ? id : crypto.randomUUID();
}

/** Every answer names its request in X-Request-Id (what a user quotes, and what the logs are searched by). */
export function sendRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
