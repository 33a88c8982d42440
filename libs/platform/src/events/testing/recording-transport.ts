import type { EventEnvelope } from '@mkt/contracts';
import type { DeadLetter, EventTransport } from '../event-transport.js';

/** A transport that only records what it is asked to publish, and can be told to fail. */
export class RecordingTransport implements EventTransport {
  readonly published: EventEnvelope[] = [];
  failing = false;
  publishCalls = 0;

  subscribe(): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    this.publishCalls += 1;
    if (this.failing) throw new Error('transport unavailable');
    this.published.push(...envelopes);
  }
  async listDeadLetters(): Promise<DeadLetter[]> {
    return [];
  }
  async redrive(): Promise<boolean> {
    return false;
  }
}
