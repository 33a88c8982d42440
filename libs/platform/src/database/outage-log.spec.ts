import { QueryFailedError } from 'typeorm';
import { isDatabaseConnectionFailure } from './connection-failure.js';
import { OutageLog } from './outage-log.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseConnectionFailure', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a refused localhost connection (IPv6 and IPv4)', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')],
    ['an admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a connection exception', withCode('08006')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['TypeORM wrapping pg', new QueryFailedError('SELECT 1', [], withCode('57P01'))],
    ['a chained cause', new Error('search failed', { cause: withCode('ECONNRESET') })],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseConnectionFailure(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', new QueryFailedError('SELEC 1', [], withCode('42601'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_, error) => {
    expect(isDatabaseConnectionFailure(error)).toBe(false);
  });
});

describe('OutageLog', () => {
  it('logs when an outage starts and when it ends, not per failure', () => {
    const warnings: unknown[] = [];
    const notes: unknown[] = [];
    const outage = new OutageLog('database', { warn: (line: unknown) => warnings.push(line), log: (line: unknown) => notes.push(line) });

    outage.noteSuccess();
    for (let i = 0; i < 10; i += 1) expect(outage.noteFailure(withCode('ECONNREFUSED'), 'test')).toBe(true);
    expect(outage.isDown).toBe(true);
    outage.noteSuccess();
    outage.noteSuccess();

    expect(warnings).toEqual([expect.objectContaining({ msg: 'database unavailable', where: 'test' })]);
    expect(notes).toEqual([expect.objectContaining({ msg: 'database available again', failuresMeanwhile: 10 })]);
    expect(outage.isDown).toBe(false);
  });

  it('is not ended by a call that began before the outage did', () => {
    const notes: unknown[] = [];
    const warnings: unknown[] = [];
    const outage = new OutageLog('database', { warn: (line: unknown) => warnings.push(line), log: (line: unknown) => notes.push(line) });
    const before = Date.now() - 1_000;
    outage.noteFailure(withCode('57P01'), 'pool');
    // A query that was already running on a connection the server had not closed yet.
    outage.noteSuccess(before);
    outage.noteFailure(withCode('ECONNREFUSED'), 'relay');
    expect(outage.isDown).toBe(true);
    expect(notes).toEqual([]);
    expect(warnings).toHaveLength(1);
    outage.noteSuccess();
    expect(notes).toEqual([expect.objectContaining({ msg: 'database available again', failuresMeanwhile: 2 })]);
  });

  it('does not count other errors', () => {
    const outage = new OutageLog('database', { warn: () => undefined, log: () => undefined });
    expect(outage.noteFailure(new Error('duplicate key'), 'test')).toBe(false);
    expect(outage.isDown).toBe(false);
  });
});
