import { connect } from 'node:net';
import Fastify from 'fastify';
import { ResponseWriteBatch, batchedResponseWrites } from './response-write-batch.hook.js';

describe('ResponseWriteBatch', () => {
  it('writes nothing at once, then every deferred write of the turn in order, in one scheduled flush', () => {
    const flushes: (() => void)[] = [];
    const batch = new ResponseWriteBatch((flush) => flushes.push(flush));
    const written: string[] = [];
    batch.defer(() => written.push('a'));
    batch.defer(() => {
      written.push('b');
      // Produced while the turn's writes run: waits for the next flush.
      batch.defer(() => written.push('d'));
    });
    batch.defer(() => written.push('c'));
    expect(written).toEqual([]);
    expect(flushes).toHaveLength(1);
    flushes[0]!();
    expect(written).toEqual(['a', 'b', 'c']);
    expect(flushes).toHaveLength(2);
    flushes[1]!();
    expect(written).toEqual(['a', 'b', 'c', 'd']);
  });

  it('writes the rest of the turn when one write throws, then throws the first error', () => {
    let flush = (): void => undefined;
    const batch = new ResponseWriteBatch((scheduled) => (flush = scheduled));
    const written: string[] = [];
    batch.defer(() => {
      throw new Error('first');
    });
    batch.defer(() => {
      throw new Error('second');
    });
    batch.defer(() => written.push('last'));
    expect(() => flush()).toThrow('first');
    expect(written).toEqual(['last']);
  });
});

describe('batchedResponseWrites on a Fastify server', () => {
  /** Two requests in one TCP packet (pipelined): the server reads both in one turn. */
  async function pipelinedTwice(withBatching: boolean): Promise<{ events: string[]; responses: string }> {
    const app = Fastify();
    const events: string[] = [];
    if (withBatching) app.addHook('onSend', batchedResponseWrites());
    app.addHook('onRequest', (request, _reply, done) => {
      // Every write the response makes goes through its socket's write().
      const socket = request.raw.socket as typeof request.raw.socket & { traced?: boolean };
      if (!socket.traced) {
        socket.traced = true;
        const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
        socket.write = ((...args: unknown[]) => {
          events.push('write');
          return write(...args);
        }) as typeof socket.write;
      }
      done();
    });
    app.post('/n/:n', async (request) => {
      const { n } = request.params as { n: string };
      events.push(`handled ${n}`);
      return { n: Number(n), body: request.body };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const request = (n: number) =>
        `POST /n/${n} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"k":"v"}`;
      const responses = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request(1) + request(2)));
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
          if ((text.match(/\{"n":\d,"body":\{"k":"v"\}\}/g) ?? []).length === 2) {
            socket.end();
            resolve(text);
          }
        });
        socket.on('error', reject);
      });
      return { events, responses };
    } finally {
      await app.close();
    }
  }

  it('answers every request whole and in order, written after the turn handled them all', async () => {
    const { events, responses } = await pipelinedTwice(true);
    expect(responses.indexOf('{"n":1,')).toBeLessThan(responses.indexOf('{"n":2,'));
    expect(responses.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(events.slice(0, 2)).toEqual(['handled 1', 'handled 2']);
    expect(events.filter((event) => event === 'write').length).toBeGreaterThan(0);
  });

  it('(the control) without it, the first response is written before the second request is handled', async () => {
    const { events } = await pipelinedTwice(false);
    expect(events.indexOf('write')).toBeLessThan(events.indexOf('handled 2'));
  });
});
