/**
 * A consumer process for the "killed mid-handling" contract test. It subscribes with the real
 * transport and idempotent handler, and when the event arrives it writes its effect inside the
 * handler's transaction, reports IN_HANDLER on stdout and hangs, transaction open, until the test
 * SIGKILLs it. Run with: node --import ./register-ts.mjs killable-consumer.ts
 */
import 'reflect-metadata';
import type { LoggerService } from '@nestjs/common';
import { createEventTransport } from '../event-transport.factory.js';
import { idempotentHandler } from '../idempotent-handler.js';
import { consumerDataSource, recordEffect } from './consumer-database.js';
import { contractEvent } from './contract-events.js';
import { KILLABLE_CONSUMER_ENV, type KillableConsumerSpec } from './killable-consumer-process.js';

const stderrLogger: LoggerService = {
  log: (message) => process.stderr.write(`${JSON.stringify(message)}\n`),
  warn: (message) => process.stderr.write(`${JSON.stringify(message)}\n`),
  error: (message) => process.stderr.write(`${JSON.stringify(message)}\n`),
};

async function main(): Promise<void> {
  const spec = JSON.parse(process.env[KILLABLE_CONSUMER_ENV] ?? 'null') as KillableConsumerSpec | null;
  if (!spec) throw new Error(`${KILLABLE_CONSUMER_ENV} is not set`);
  const dataSource = consumerDataSource(spec.databaseUrl, spec.schema);
  await dataSource.initialize();
  const transport = createEventTransport(spec.transport, stderrLogger);
  transport.subscribe(
    spec.consumerGroup,
    contractEvent(spec.eventName),
    idempotentHandler(dataSource, spec.consumerGroup, async (_payload, { envelope, manager }) => {
      await recordEffect(manager, spec.schema, spec.consumerGroup, envelope.id, 'killed child');
      process.stdout.write(`IN_HANDLER ${envelope.id}\n`);
      await new Promise(() => undefined);
    }),
  );
  await transport.start();
  process.stdout.write('READY\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
