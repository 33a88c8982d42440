import { UserRegistered } from '@mkt/contracts';
import { checkEnvelope } from './envelope-check.js';

const valid = {
  id: '6f1c2e5a-3b7d-4c1e-9a2b-1d2e3f4a5b6c',
  name: 'user.registered',
  version: 1,
  aggregateId: '0b8e3c1a-2f4d-4e6a-8b9c-7d6e5f4a3b2c',
  occurredAt: '2025-01-02T03:04:05.678Z',
  payload: { userId: '0b8e3c1a-2f4d-4e6a-8b9c-7d6e5f4a3b2c', accountKind: 'email', gid: 12, registeredAt: '2025-01-02' },
};

describe('checkEnvelope', () => {
  it('accepts a matching envelope and returns the parsed payload', () => {
    const check = checkEnvelope(UserRegistered, { ...valid, payload: { ...valid.payload, extra: 'dropped' } });
    expect(check).toEqual({ ok: true, envelope: valid });
  });

  it('keeps the trace context it was written in, and drops a malformed one rather than the event', () => {
    const traceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
    expect(checkEnvelope(UserRegistered, { ...valid, traceContext })).toEqual({ ok: true, envelope: { ...valid, traceContext } });
    for (const malformed of ['00-4bf9', { traceparent: 42 }, { traceparent: 'x'.repeat(2000) }]) {
      expect(checkEnvelope(UserRegistered, { ...valid, traceContext: malformed })).toEqual({ ok: true, envelope: valid });
    }
  });

  it.each([
    ['a payload that breaks the schema', { ...valid, payload: { ...valid.payload, gid: 'twelve' } }, /payload/],
    ['another event', { ...valid, name: 'user.updated' }, /expected "user.registered"/],
    ['another version', { ...valid, version: 2 }, /version 2 .* not handled/],
    ['a missing id', { ...valid, id: undefined }, /envelope/],
    ['a malformed occurredAt', { ...valid, occurredAt: 'yesterday' }, /envelope/],
    ['something that is not an envelope', 'hello', /envelope/],
  ])('refuses %s', (_case, received, problem) => {
    const check = checkEnvelope(UserRegistered, received);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.problem).toMatch(problem);
  });
});
