/**
 * Console API (below /admin-api; Bearer staff token): POST /users/:id/reveal → UserContactRevealed,
 * one user's phone and e-mail in full. Only the roles of CONTACT_DETAILS_ACCESS; each call is
 * recorded in the audit log as 'reveal'. Lists and details of `users` show them masked.
 */
import { HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CONTACT_DETAILS_REVEALERS } from '@mkt/contracts';
import { AdminController, AppError, CurrentStaff, Roles, StaffAuthGuard, type AuthenticatedStaff } from '@mkt/platform';
import { UserContactService } from '../users/user-contact.service.js';

@ApiTags('admin: users')
@AdminController()
@UseGuards(StaffAuthGuard)
@Roles(...CONTACT_DETAILS_REVEALERS)
export class AdminUserContactController {
  constructor(private readonly contacts: UserContactService) {}

  @Post('users/:id/reveal')
  @HttpCode(200)
  reveal(@CurrentStaff() staff: AuthenticatedStaff, @Param('id', new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() })) id: string) {
    return this.contacts.reveal(staff, id);
  }
}
