import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { formatMessage, languageFromHeader, type ApiEnvelope } from '@mkt/contracts';
import { RouteConfig } from './route-config.js';

/** The Fastify route option that exempts a route from the envelope. */
interface EnvelopeRouteConfig {
  rawResponse?: boolean;
}

/**
 * Marks a controller or handler whose result is sent as is (the console's REST API, health,
 * streamed media); on a class, the handlers it declares. The mark rides in each route's Fastify
 * config, decided once when the route is registered, so no per-request reflection or interceptor
 * chain decides it.
 */
export function RawResponse(): ClassDecorator & MethodDecorator {
  return RouteConfig({ rawResponse: true } satisfies EnvelopeRouteConfig);
}

/**
 * Nest's Fastify adapter, wrapping store API results in `{ code: 0, success: true, message, data }`
 * as Nest hands them over. `reply()` is where every handler's result goes (errors take the filter's
 * own path), so the envelope costs one property read per request instead of a Nest interceptor's
 * observable chain, which the session benchmark profiled at a tenth of the request's CPU.
 */
export class EnvelopingFastifyAdapter extends FastifyAdapter {
  override reply(response: FastifyReply | ServerResponse, body: unknown, statusCode?: number) {
    const request = response instanceof ServerResponse ? undefined : response.request;
    // Nest's own exception filter also answers through here, with an error status: never a success envelope.
    const succeeded = statusCode === undefined || statusCode < 400;
    if (request && succeeded && !(request.routeOptions.config as EnvelopeRouteConfig).rawResponse) {
      const language = languageFromHeader(request.headers['accept-language']);
      const envelope: ApiEnvelope = { code: 0, success: true, message: formatMessage(language, 'ok'), data: body ?? null };
      return super.reply(response, envelope, statusCode);
    }
    return super.reply(response, body, statusCode);
  }
}
