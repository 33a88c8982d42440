import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RawResponse } from '../http/envelope.js';
import { ReadinessRegistry } from './readiness.js';

@Controller('health')
@RawResponse()
export class HealthController {
  constructor(private readonly readiness: ReadinessRegistry) {}

  /** The process is alive (event loop turning); restart it if this stops answering. */
  @Get('live')
  live() {
    return { status: 'up', uptimeSeconds: Math.round(process.uptime()) };
  }

  /**
   * 200 while the process's own dependencies answer (`checks`); only then should a load balancer
   * send traffic here. Shared peer services (`dependencies`) are reported, never a reason for 503
   * (ADR 0023).
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: FastifyReply) {
    const result = await this.readiness.run();
    response.status(result.ready ? 200 : 503);
    return { status: result.ready ? 'up' : 'down', checks: result.checks, dependencies: result.dependencies };
  }
}
