import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestContext } from './request-context.js';

const REQUEST_ID_PATTERN = /^[\w.-]{8,128}$/;

/**
 * Gives each request an id (kept from a trusted `x-request-id` header when well-formed),
 * echoes it back, runs the request inside its context and logs one line when it finishes.
 */
export function requestLogging(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    response.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const quiet = request.path.startsWith('/health') || request.path.startsWith('/assets/');
      const fields = {
        requestId,
        method: request.method,
        path: request.path,
        status: response.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      };
      // A 503 is a dependency that is down (the database, identity, the SMS provider), logged
      // where it is found, once per outage for the database: each refused request is a warning.
      if (response.statusCode === 503) logger.warn(fields, 'request');
      else if (response.statusCode >= 500) logger.error(fields, 'request');
      else if (!quiet) logger.info(fields, 'request');
    });
    requestContext.run({ requestId }, next);
  };
}
