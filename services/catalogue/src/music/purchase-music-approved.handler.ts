import { Injectable } from '@nestjs/common';
import { PurchaseMusicApproved, type PayloadOf } from '@mkt/contracts';
import { OnEvent, type EventHandlerContext } from '@mkt/platform';
import { MusicMemberService } from './music-member.service.js';

/** An enterprise purchase approved with music in it: the music order is placed here, where music licences are priced. */
@Injectable()
export class PurchaseMusicApprovedHandler {
  constructor(private readonly music: MusicMemberService) {}

  @OnEvent(PurchaseMusicApproved)
  async onApproved(event: PayloadOf<typeof PurchaseMusicApproved>, { manager }: EventHandlerContext): Promise<void> {
    await this.music.placeApproved(manager, event);
  }
}
