import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, SignedGrants, resolveSecrets, type AppConfig } from '@mkt/platform';

/** How long a guest who gave a link's password is not asked for it again. */
const PASS_MS = 12 * 3_600_000;

/**
 * What a guest gets for a password given right: a pass for that link, signed with the service's
 * token secret, that later calls send instead of the password. Checking a password is a scrypt
 * hash (about 40 ms of a core); a pass is an HMAC. A revoked or expired link refuses its passes
 * too, since the link is checked first.
 */
@Injectable()
export class GuestPasses {
  private readonly grants: SignedGrants;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.grants = new SignedGrants(resolveSecrets(config).token, 'board-pass');
  }

  issue(linkId: number): string {
    return this.grants.issue({ link: linkId }, new Date(this.clock.now().getTime() + PASS_MS));
  }

  admits(pass: string | undefined, linkId: number): boolean {
    return this.grants.read(pass ?? '', this.clock.now())?.link === linkId;
  }
}
