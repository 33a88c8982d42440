import { Injectable } from '@nestjs/common';
import type { Language, OrderView } from '@mkt/contracts';
import { toOrderView } from './order-view.js';
import { OrdersRepository, type OrderRow } from './orders.repository.js';

/** Orders as buyers and the console see them: items, invoice and refund state joined in. */
@Injectable()
export class OrderViewsService {
  constructor(private readonly repository: OrdersRepository) {}

  async views(rows: OrderRow[], language: Language): Promise<OrderView[]> {
    const ids = rows.map((r) => r.id);
    const [items, invoices, refunds] = await Promise.all([this.repository.items(ids), this.repository.invoiceStatuses(ids), this.repository.refundStatuses(ids)]);
    return rows.map((order) =>
      toOrderView(
        order,
        items.filter((i) => i.orderId === order.id),
        language,
        { invoiceStatus: invoices.get(order.id) ?? null, refundStatus: refunds.get(order.id) ?? null },
      ),
    );
  }
}
