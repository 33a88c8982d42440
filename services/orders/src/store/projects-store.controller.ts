import { Body, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { OrderCalls, projectDownloadRequestSchema } from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { ProjectsService } from '../projects/projects.service.js';

const path = (call: string) => call.replace(/^\//, '');

/**
 * The project customer's calls (spec section 6): the session's project data and downloads under
 * the project. Customers without an active project of their company get a clear refusal.
 */
@ApiTags('store: enterprise projects')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('signInRequired')
export class ProjectsStoreController {
  constructor(private readonly projects: ProjectsService) {}

  @Post(path(OrderCalls.projectInfo))
  @HttpCode(200)
  info(@CurrentUser() user: AuthenticatedUser) {
    return this.projects.info(user.userId);
  }

  @Post(path(OrderCalls.projectDownload))
  @HttpCode(200)
  @ApiZodBody(projectDownloadRequestSchema)
  download(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(projectDownloadRequestSchema)) body: { materialId: number }) {
    return this.projects.download(user.userId, body.materialId);
  }
}
