import { randomBytes } from 'node:crypto';
import { startOrders, type OrdersHarness } from './orders-harness.js';
import { LICENCE, setUpPurchaseWorld, voucher, VIDEO, PHOTO } from '../../../services/orders/test/purchase-world.js';

interface LogLine {
  msg?: string;
  context?: string;
  traceId?: string;
  path?: string;
  consumerGroup?: string;
  eventName?: string;
  orderId?: string;
}

/** A W3C traceparent a caller (a browser's tracer, a proxy) would send: version 00, sampled. */
function callerTrace(): { traceId: string; traceparent: string } {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/**
 * A request's trace id goes into its outbox events, across the bus into the consumers, and onto
 * every log line on the way, in whichever service writes it.
 */
describe('single machine: one trace from a store or console call through the events it causes', () => {
  const lines: LogLine[] = [];
  let h: OrdersHarness;
  beforeAll(async () => {
    h = await startOrders({
      env: { LOG_LEVEL: 'debug' },
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the trace of /api/order/create in its event, and the confirmation’s trace into licensing’s lines and events', async () => {
    const { sales, finance, quote } = await setUpPurchaseWorld(h);
    const buyer = await h.userToken();
    const cartIds: number[] = [];
    for (const materialId of [VIDEO, PHOTO]) cartIds.push((await h.call<{ cartId: number }>('/cart/add', { token: buyer, body: { materialId } })).body.data.cartId);

    const submitted = callerTrace();
    const create = await fetch(`${h.url}/api/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: buyer, traceparent: submitted.traceparent },
      body: JSON.stringify({ cartIds, licence: LICENCE }),
    });
    expect(create.status).toBe(200);
    expect(create.headers.get('x-trace-id')).toBe(submitted.traceId);
    const orderId = ((await create.json()) as { data: { orderId: string } }).data.orderId;
    const [submittedEvent] = await h.sql<{ trace_context: { traceparent: string } }>(
      `SELECT trace_context FROM orders.outbox WHERE name = 'order.submitted' AND aggregate_id = $1`,
      [orderId],
    );
    expect(submittedEvent?.trace_context.traceparent).toMatch(new RegExp(`^00-${submitted.traceId}-[0-9a-f]{16}-01$`));
    expect(lines.some((line) => line.msg === 'request' && line.path === '/api/order/create' && line.traceId === submitted.traceId)).toBe(true);

    expect((await quote(orderId, [1200, 300], sales)).status).toBe(200);
    expect((await h.call('/order/pay', { token: buyer, form: voucher(orderId) })).status).toBe(200);
    const confirmed = callerTrace();
    const confirm = await fetch(`${h.url}/admin-api/orders/${orderId}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${finance}`, traceparent: confirmed.traceparent },
    });
    expect(confirm.status).toBeLessThan(300);

    // Licensing handles order.confirmed in the confirmation's trace: its own lines carry it, and so
    // do the licence.issued events it writes in turn.
    const issued = await h.eventually(async () => lines.find((line) => line.msg === 'licence files issued' && line.orderId === orderId));
    expect(issued.traceId).toBe(confirmed.traceId);
    // The worker logs "event handled" once the handler has returned, which can be a moment after
    // the handler's own line.
    await h.eventually(async () =>
      lines.find((line) => line.msg === 'event handled' && line.consumerGroup === 'licensing' && line.eventName === 'order.confirmed' && line.traceId === confirmed.traceId),
    );
    const licenceEvents = await h.sql<{ trace_context: { traceparent: string } }>(
      `SELECT trace_context FROM licensing.outbox WHERE name = 'licence.issued' AND aggregate_id = $1`,
      [orderId],
    );
    expect(licenceEvents).toHaveLength(2);
    for (const event of licenceEvents) expect(event.trace_context.traceparent.split('-')[1]).toBe(confirmed.traceId);

    // The two calls' traces stay apart.
    expect(lines.some((line) => line.traceId === submitted.traceId && line.msg === 'licence files issued')).toBe(false);
  }, 60_000);

  it('starts a trace of its own for a call without a well-formed traceparent, and answers its id', async () => {
    const response = await fetch(`${h.url}/api/order/create`, { method: 'POST', headers: { 'content-type': 'application/json', traceparent: '00-zzzz-not-a-trace' }, body: '{}' });
    const traceId = response.headers.get('x-trace-id');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe('0'.repeat(32));
    expect(lines.some((line) => line.msg === 'request' && line.traceId === traceId)).toBe(true);
  });
});
