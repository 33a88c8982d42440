import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/**
 * Holds each response produced during one turn of the event loop and writes them all, in the
 * order they were produced, in the check phase of that same turn (one `setImmediate` per turn).
 *
 * Why: on loopback and on the veth pairs between a pod and a proxy on the same node, the kernel
 * delivers a write to the reader inside the writer's system call, and when the reader is asleep
 * it is woken there too. A server that wrote each response as soon as it was ready, between
 * reading the next requests, woke an idle proxy (or load generator) once per response; written
 * back to back, most of them reach a reader that is still awake. Measured on two cores,
 * `POST /api/session` at 32 connections: about 9,200 -> 16,000 req/s, the write system call's
 * share of the server's time about a third -> a tenth (benchmarks runbook, ADR 0025). The
 * latency a response gains is the rest of the turn it was produced in.
 *
 * Responses a handler takes over (`reply.hijack()`: file streams) do not pass through onSend and
 * are written as before.
 */
export class ResponseWriteBatch {
  private pending: (() => void)[] = [];

  /** `schedule` runs the flush once the turn's responses are produced (tests pass their own). */
  constructor(private readonly schedule: (flush: () => void) => void = setImmediate) {}

  /** Runs `write` in the check phase of this turn, after every write deferred before it. */
  defer(write: () => void): void {
    if (this.pending.length === 0) this.schedule(this.flush);
    this.pending.push(write);
  }

  /**
   * Writes deferred while this flush runs wait for the next turn. One write that throws does not
   * keep the others of its turn unwritten; the first error is thrown again once they are.
   */
  private readonly flush = (): void => {
    const writes = this.pending;
    this.pending = [];
    let failure: { error: unknown } | undefined;
    for (const write of writes) {
      try {
        write();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  };
}

/** The onSend hook every HTTP process installs (configureHttpApp); one batch per process. */
export function batchedResponseWrites(batch = new ResponseWriteBatch()): onSendHookHandler<unknown> {
  return (_request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    batch.defer(() => done(null, payload));
  };
}
