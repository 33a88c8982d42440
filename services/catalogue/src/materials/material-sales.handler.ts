import { Injectable } from '@nestjs/common';
import { OrderConfirmed, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { MaterialWriter } from './material-writer.service.js';

/**
 * Counts a confirmed order's items as sales of their materials (the "best selling" sort and the
 * order of ranked search candidates). The count, the search index entry and the handled-event
 * record commit together, so a redelivered event is never counted twice; the next search sees
 * the new order.
 */
@Injectable()
export class MaterialSalesHandler {
  constructor(private readonly writer: MaterialWriter) {}

  @OnEvent(OrderConfirmed)
  async onOrderConfirmed(payload: PayloadOf<typeof OrderConfirmed>, { manager }: EventHandlerContext): Promise<void> {
    const sold = new Map<number, number>();
    for (const item of payload.items) sold.set(item.materialId, (sold.get(item.materialId) ?? 0) + 1);
    if (sold.size === 0) return;
    // A SELECT around the UPDATE: TypeORM hands back UPDATE … RETURNING as [rows, count].
    const rows = (await manager.query(
      `WITH counted AS (
         UPDATE catalogue.materials m SET sales_count = m.sales_count + s.n
         FROM unnest($1::bigint[], $2::int[]) AS s(id, n)
         WHERE m.id = s.id
         RETURNING m.id)
       SELECT id FROM counted`,
      [[...sold.keys()], [...sold.values()]],
    )) as { id: string }[];
    await this.writer.reindex(rows.map((row) => Number(row.id)), manager);
  }
}
