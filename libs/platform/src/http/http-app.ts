import type { INestApplication } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import { ErrorEnvelopeFilter } from '../errors/error-envelope.filter.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { requestLogging } from '../logging/request-logging.middleware.js';
import { httpRequestMetrics } from '../metrics/http-metrics.middleware.js';
import { Metrics } from '../metrics/metrics.port.js';
import { EnvelopeInterceptor } from './envelope.interceptor.js';
import { httpsRedirect } from './https-redirect.middleware.js';
import { normaliseBodyText } from './normalised-text.middleware.js';
import { refuseUnstorableText } from './storable-text.middleware.js';

/**
 * What every HTTP process shares, the single-machine server and each service run alone:
 * request ids and logs, request durations (when the metrics module is mounted), which proxies to believe, body limits, refusing text that cannot be stored and normalising the
 * rest, the error envelope, the success envelope, OpenAPI.
 */
export function configureHttpApp(app: INestApplication, logger: JsonLogger, title: string, trustedProxies: readonly string[]): void {
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.disable('x-powered-by');
  // request.ip (per-address limits, logs) comes from X-Forwarded-For only when a configured proxy sent it.
  server.set('trust proxy', trustedProxies.length > 0 ? trustedProxies.join(', ') : false);
  app.use(requestLogging(logger.pino));
  const metrics = metricsOf(app);
  if (metrics) app.use(httpRequestMetrics(metrics));
  app.use(httpsRedirect);
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(refuseUnstorableText);
  app.use(normaliseBodyText);
  app.useGlobalFilters(new ErrorEnvelopeFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor(app.get(Reflector)));
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

/** The process's metrics port, when the application mounts the metrics module. */
function metricsOf(app: INestApplication): Metrics | undefined {
  try {
    return app.get(Metrics, { strict: false });
  } catch {
    return undefined;
  }
}
