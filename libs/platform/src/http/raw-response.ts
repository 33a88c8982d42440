import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the response over from Fastify, for handlers that stream a body (files, media) or
 * answer a request whose body they refuse to read. The request's own headers (request id,
 * trace id) are already on it; the access log and metrics still see the response finish.
 */
export function takeOverResponse(reply: FastifyReply): ServerResponse {
  reply.hijack();
  return reply.raw;
}

/** Ends a taken-over response with a JSON body. */
export function endWithJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}
