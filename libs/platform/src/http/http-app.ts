import formBody from '@fastify/formbody';
import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { ErrorCode, failureEnvelope, formatMessage, languageFromHeader } from '@mkt/contracts';
import { ErrorEnvelopeFilter } from '../errors/error-envelope.filter.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { installRequestLogging } from '../logging/request-logging.hooks.js';
import { httpRequestMetrics } from '../metrics/http-metrics.hook.js';
import { Metrics } from '../metrics/metrics.port.js';
import { EnvelopingFastifyAdapter } from './envelope.js';
import { httpsRedirect } from './https-redirect.hook.js';
import { normaliseStrings } from './normalised-text.js';
import { pathOf } from './request-path.js';
import { batchedResponseWrites } from './response-write-batch.hook.js';
import { unstorableTextRefusal, type TextCheckRouteConfig } from './storable-text.js';

/** JSON and form bodies; file parts and vouchers have their own limits on their own routes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The HTTP server every process runs on (Fastify: Nest on Express answered an empty route at a
 * sixth of Nest on Fastify's rate, see the benchmarks runbook); it wraps store API results in the
 * success envelope (envelope.ts). `request.ip` (per-address limits, logs) comes from
 * X-Forwarded-For only when a configured proxy sent it. The adapter brings its own body parsers:
 * create the application with `bodyParser: false`.
 */
export function createHttpAdapter(trustedProxies: readonly string[]): FastifyAdapter {
  const adapter = new EnvelopingFastifyAdapter({
    trustProxy: trustedProxies.length > 0 ? [...trustedProxies] : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // As the Express router did: /api/orders/ is /api/orders; signed keys make long path parameters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // Refused before routing (a path that does not decode): the envelope, as for every other refusal.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      void reply.status(400).send(failureEnvelope(ErrorCode.MALFORMED_BODY, formatMessage(language, 'malformedPath')));
    },
  });
  installBodyParsers(adapter.getInstance());
  return adapter;
}

/**
 * What every HTTP process shares, the single-machine server and each service run alone:
 * request ids and logs, request durations (when the metrics module is mounted), the https
 * redirect, refusing text that cannot be stored and normalising the rest, responses written
 * together at the end of each event-loop turn, the error envelope, OpenAPI.
 */
export function configureHttpApp(app: NestFastifyApplication, logger: JsonLogger, title: string): void {
  const fastify = app.getHttpAdapter().getInstance();
  installRequestLogging(fastify, logger.pino);
  const metrics = metricsOf(app);
  if (metrics) fastify.addHook('onResponse', httpRequestMetrics(metrics));
  fastify.addHook('onRequest', httpsRedirect);
  fastify.addHook('preValidation', checkedText);
  // The last onSend hook: the payload is final, only its write waits for the end of the turn.
  fastify.addHook('onSend', batchedResponseWrites());
  app.useGlobalFilters(new ErrorEnvelopeFilter());
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(title)
      .setDescription(
        'Store API below /api (envelope { code, success, message, data }; token in the access_token header) and console API below /admin-api (react-admin REST; Bearer staff token).',
      )
      .setVersion('0.1.0')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'access_token' }, 'access_token')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}

/**
 * JSON (an empty body reads as {}, as clients that send the header on a bodiless POST expect;
 * `__proto__` and `constructor.prototype` keys are refused), URL-encoded forms, and every
 * other type left unread: a signed part upload streams its body to disk itself.
 */
function installBodyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    parseJson(request, text, done);
  });
  void fastify.register(formBody, { bodyLimit: BODY_LIMIT_BYTES });
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

/** After the body is read, before any guard, pipe or handler (see storable-text.ts). */
const checkedText: preValidationHookHandler = (request, _reply, done) => {
  const query = (request.routeOptions.config as TextCheckRouteConfig).queryTextUnchecked ? undefined : request.query;
  const refusal = unstorableTextRefusal(pathOf(request.url), query, request.body);
  if (refusal) return done(refusal);
  if (request.body !== null && typeof request.body === 'object') request.body = normaliseStrings(request.body);
  done();
};

/** The process's metrics port, when the application mounts the metrics module. */
function metricsOf(app: NestFastifyApplication): Metrics | undefined {
  try {
    return app.get(Metrics, { strict: false });
  } catch {
    return undefined;
  }
}
