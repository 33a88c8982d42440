import { Injectable } from '@nestjs/common';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import type { PayloadOf } from '@mkt/contracts';
import { MaterialWriter } from '../materials/material-writer.service.js';
import { MaterialIndexRequested } from './material-index.events.js';

/** Feeds a search engine outside the database from the outbox (see MaterialSearchIndex.placement). */
@Injectable()
export class MaterialIndexRequestedHandler {
  constructor(private readonly writer: MaterialWriter) {}

  @OnEvent(MaterialIndexRequested)
  async index(payload: PayloadOf<typeof MaterialIndexRequested>, { manager }: EventHandlerContext): Promise<void> {
    await this.writer.indexNow(payload.materialIds, manager);
  }
}
