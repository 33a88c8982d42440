import { startOrders, type OrdersHarness } from './orders-harness.js';
import { VIDEO, setUpPurchaseWorld } from './purchase-world.js';

/** The value of one series in a Prometheus text exposition, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('orders: GET /metrics after real requests and events', () => {
  let h: OrdersHarness;
  const scrape = async () => {
    const response = await fetch(`${h.url}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };
  beforeAll(async () => {
    h = await startOrders();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('counts the events the service handled, its requests by route, its orders, its outbox and its pool', async () => {
    // Events from "catalogue" (material.published / unpublished), handled by the orders group.
    const world = await setUpPurchaseWorld(h);
    const handled = await h.eventually(async () => {
      const text = await scrape();
      const value = valueOf(text, 'events_handled_total{consumer_group="orders",event="material.published"}');
      return value !== undefined && value >= 3 ? text : null;
    });
    expect(valueOf(handled, 'events_handled_total{consumer_group="orders",event="material.unpublished"}')).toBe(1);

    // Real requests: a cart line and an order placed from it.
    const token = await h.userToken();
    const orderId = await world.submittedOrder(token, [VIDEO]);
    expect(orderId).toBeTruthy();

    const text = await scrape();
    expect(valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/api/cart/add",status="200"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/api/order/create",status="200"}')).toBe(1);
    expect(text).not.toContain(orderId);
    expect(valueOf(text, 'orders_status_entered_total{status="submitted"}')).toBe(1);
    // The order announced order.submitted through the outbox: the gauges exist for the orders schema.
    expect(valueOf(text, 'outbox_pending_events{schema="orders"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'outbox_oldest_pending_age_seconds{schema="orders"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'db_pool_connections{data_source="orders",state="total"}')).toBeGreaterThan(0);
    expect(text).toContain('process_resident_memory_bytes');
    // Everything delivered was handled: the PostgreSQL bus's backlog gauge has no waiting series.
    expect(text).toContain('# TYPE event_consumer_backlog gauge');
    expect(text).not.toMatch(/^event_consumer_backlog\{consumer_group="orders"[^}]*\} [1-9]/m);
  }, 60_000);

  it('is not served to a request relayed for an outside address', async () => {
    expect((await fetch(`${h.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(404);
  });
});
