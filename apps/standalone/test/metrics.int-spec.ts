import { startOrders, type OrdersHarness } from './orders-harness.js';
import { setUpPurchaseWorld, voucher } from '../../../services/orders/test/purchase-world.js';

/** The value of one series in a Prometheus text exposition, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * Two services in one process share one registry: a purchase through orders and licensing shows
 * up in one /metrics, with each service's outbox and pool under its own label.
 */
describe('single machine: GET /metrics after a purchase', () => {
  let h: OrdersHarness;
  beforeAll(async () => {
    h = await startOrders();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('counts the order through its states, the licences issued over the bus, and both services’ outboxes and pools', async () => {
    const { sales, finance, submittedOrder, quote } = await setUpPurchaseWorld(h);
    const buyer = await h.userToken();
    const orderId = await submittedOrder(buyer);
    expect((await quote(orderId, [1200, 300], sales)).status).toBe(200);
    expect((await h.call('/order/pay', { token: buyer, form: voucher(orderId) })).status).toBe(200);
    expect((await h.admin('POST', `/orders/${orderId}/confirm`, { token: finance })).status).toBeLessThan(300);

    let text = '';
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      text = await (await fetch(`${h.url}/metrics`)).text();
      if (valueOf(text, 'licences_issued_total') === 2 && valueOf(text, 'events_handled_total{consumer_group="licensing",event="order.confirmed"}') === 1) break;
    }
    expect(valueOf(text, 'licences_issued_total')).toBe(2);
    expect(valueOf(text, 'events_handled_total{consumer_group="licensing",event="order.confirmed"}')).toBe(1);
    for (const status of ['submitted', 'quoted', 'paid', 'confirmed']) expect(valueOf(text, `orders_status_entered_total{status="${status}"}`)).toBe(1);
    for (const schema of ['orders', 'licensing']) {
      expect(valueOf(text, `outbox_pending_events{schema="${schema}"}`)).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, `db_pool_connections{data_source="${schema}",state="total"}`)).toBeGreaterThan(0);
    }
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/admin-api\/orders\/:id\/confirm",status="2\d\d"\} 1$/m);
    expect(text).not.toContain(orderId);
  }, 60_000);
});
