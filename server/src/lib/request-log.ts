import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The request log: one line per request, written when its answer has gone ("request completed":
 * the request as lib/log-redaction.ts shows it, the status and the time taken), as an access log
 * is. Fastify's default writes a second line as each request arrives: it is kept for LOG_LEVEL=debug
 * (a request that never completes is found there). One line instead of two took ~15 us of CPU off
 * each request of a product list (issue 29's profile: the line's serialisation and its write).
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    // Below debug, pino's debug is a no-op.
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
