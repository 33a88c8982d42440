import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { RawResponse } from '../http/envelope.js';
import { AddressAllowList } from './address-allow-list.js';
import { PromMetrics } from './prom-metrics.adapter.js';

export const METRICS_ALLOW_LIST = Symbol('MetricsAllowList');

/**
 * Whether every address a request names is allowed: the peer that connected, and whatever it says
 * it forwarded for. A request relayed by a proxy on this machine connects from loopback, so the
 * forwarded addresses must be allowed too (a Forwarded header, not parsed here, is refused); a
 * scraper talks to the process directly and sends none of them.
 */
function mayScrape(request: FastifyRequest, allowList: AddressAllowList): boolean {
  if (request.headers.forwarded) return false;
  const forwarded = [request.headers['x-forwarded-for'], request.headers['x-real-ip']]
    .flatMap((value) => (Array.isArray(value) ? value : value ? [value] : []))
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return [request.socket.remoteAddress, ...forwarded].every((address) => allowList.allows(address));
}

/** GET /metrics in the Prometheus text format, for allowed scrapers only; 404 for anyone else. */
@ApiExcludeController()
@Controller('metrics')
@RawResponse()
export class MetricsController {
  constructor(
    private readonly metrics: PromMetrics,
    @Inject(METRICS_ALLOW_LIST) private readonly allowList: AddressAllowList,
  ) {}

  @Get()
  async scrape(@Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    if (!mayScrape(request, this.allowList)) throw new NotFoundException();
    const body = await this.metrics.render();
    response.status(200).type(this.metrics.contentType).send(body);
  }
}
