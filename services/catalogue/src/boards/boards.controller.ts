import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  BoardCalls,
  boardAddItemsRequestSchema,
  boardCommentRequestSchema,
  boardVoteRequestSchema,
  boardCreateRequestSchema,
  boardDetailRequestSchema,
  boardIdRequestSchema,
  boardItemRequestSchema,
  boardLinkCreateRequestSchema,
  boardLinkRevokeRequestSchema,
  boardMemberAddRequestSchema,
  boardMemberRemoveRequestSchema,
  boardMoveRequestSchema,
  boardNoteRequestSchema,
  boardRemoveItemsRequestSchema,
  boardUpdateRequestSchema,
  languageFromHeader,
} from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, RateLimit, RateLimitGuard, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { BoardsService } from './boards.service.js';

const path = (call: string) => call.replace(/^\//, '');
type Body<S extends z.ZodType> = z.output<S>;

/** Boards (POST, signed in): each call answers only boards the caller owns or is a member of, within their part (BoardsService). */
@ApiTags('store: boards')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('loginRequired')
export class BoardsController {
  constructor(private readonly boards: BoardsService) {}

  @Post(path(BoardCalls.list))
  @HttpCode(200)
  async list(@CurrentUser() user: AuthenticatedUser) {
    return { list: await this.boards.list(user.userId) };
  }

  @Post(path(BoardCalls.create))
  @HttpCode(200)
  @ApiZodBody(boardCreateRequestSchema)
  create(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardCreateRequestSchema)) body: Body<typeof boardCreateRequestSchema>) {
    return this.boards.create(user.userId, body.name, body.materialIds);
  }

  @Post(path(BoardCalls.update))
  @HttpCode(200)
  @ApiZodBody(boardUpdateRequestSchema)
  update(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardUpdateRequestSchema)) body: Body<typeof boardUpdateRequestSchema>) {
    return this.boards.update(user.userId, body.id, { name: body.name, coverMaterialId: body.coverMaterialId });
  }

  @Post(path(BoardCalls.remove))
  @HttpCode(200)
  @ApiZodBody(boardIdRequestSchema)
  remove(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardIdRequestSchema)) body: Body<typeof boardIdRequestSchema>) {
    return this.boards.remove(user.userId, body.id);
  }

  @Post(path(BoardCalls.detail))
  @HttpCode(200)
  @ApiZodBody(boardDetailRequestSchema)
  detail(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(boardDetailRequestSchema)) body: Body<typeof boardDetailRequestSchema>,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    return this.boards.detail(user.userId, body.id, body.pageNo, body.pageSize, languageFromHeader(acceptLanguage));
  }

  @Post(path(BoardCalls.addItems))
  @HttpCode(200)
  @ApiZodBody(boardAddItemsRequestSchema)
  addItems(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardAddItemsRequestSchema)) body: Body<typeof boardAddItemsRequestSchema>) {
    return this.boards.addItems(user.userId, body.id, body.materialIds);
  }

  @Post(path(BoardCalls.removeItems))
  @HttpCode(200)
  @ApiZodBody(boardRemoveItemsRequestSchema)
  removeItems(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardRemoveItemsRequestSchema)) body: Body<typeof boardRemoveItemsRequestSchema>) {
    return this.boards.removeItems(user.userId, body.id, body.itemIds);
  }

  @Post(path(BoardCalls.noteItem))
  @HttpCode(200)
  @ApiZodBody(boardNoteRequestSchema)
  note(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardNoteRequestSchema)) body: Body<typeof boardNoteRequestSchema>) {
    return this.boards.note(user.userId, body.id, body.itemId, body.note);
  }

  @Post(path(BoardCalls.moveItem))
  @HttpCode(200)
  @ApiZodBody(boardMoveRequestSchema)
  move(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardMoveRequestSchema)) body: Body<typeof boardMoveRequestSchema>) {
    return this.boards.move(user.userId, body.id, body.itemId, body.toIndex);
  }

  @Post(path(BoardCalls.itemComments))
  @HttpCode(200)
  @ApiZodBody(boardItemRequestSchema)
  async comments(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardItemRequestSchema)) body: Body<typeof boardItemRequestSchema>) {
    return { list: await this.boards.comments(user.userId, body.id, body.itemId) };
  }

  @Post(path(BoardCalls.comment))
  @HttpCode(200)
  @ApiZodBody(boardCommentRequestSchema)
  comment(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardCommentRequestSchema)) body: Body<typeof boardCommentRequestSchema>) {
    return this.boards.comment(user.userId, body.id, body.itemId, body.body);
  }

  @Post(path(BoardCalls.vote))
  @HttpCode(200)
  @ApiZodBody(boardVoteRequestSchema)
  vote(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardVoteRequestSchema)) body: Body<typeof boardVoteRequestSchema>) {
    return this.boards.vote(user.userId, body.id, body.itemId, body.value);
  }

  @Post(path(BoardCalls.members))
  @HttpCode(200)
  @ApiZodBody(boardIdRequestSchema)
  async members(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardIdRequestSchema)) body: Body<typeof boardIdRequestSchema>) {
    return { list: await this.boards.members(user.userId, body.id) };
  }

  @Post(path(BoardCalls.addMember))
  @HttpCode(200)
  // Each try says whether a phone number or e-mail has an account: limited per address.
  @UseGuards(RateLimitGuard)
  @RateLimit({ limit: 30, windowSeconds: 60 })
  @ApiZodBody(boardMemberAddRequestSchema)
  addMember(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardMemberAddRequestSchema)) body: Body<typeof boardMemberAddRequestSchema>) {
    return this.boards.addMember(user.userId, body.id, body.contact, body.role);
  }

  @Post(path(BoardCalls.removeMember))
  @HttpCode(200)
  @ApiZodBody(boardMemberRemoveRequestSchema)
  removeMember(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardMemberRemoveRequestSchema)) body: Body<typeof boardMemberRemoveRequestSchema>) {
    return this.boards.removeMember(user.userId, body.id, body.userId);
  }

  @Post(path(BoardCalls.links))
  @HttpCode(200)
  @ApiZodBody(boardIdRequestSchema)
  async links(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardIdRequestSchema)) body: Body<typeof boardIdRequestSchema>) {
    return { list: await this.boards.links(user.userId, body.id) };
  }

  @Post(path(BoardCalls.createLink))
  @HttpCode(200)
  @ApiZodBody(boardLinkCreateRequestSchema)
  createLink(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardLinkCreateRequestSchema)) body: Body<typeof boardLinkCreateRequestSchema>) {
    return this.boards.createLink(user.userId, body.id, body.password, body.expiresInDays);
  }

  @Post(path(BoardCalls.revokeLink))
  @HttpCode(200)
  @ApiZodBody(boardLinkRevokeRequestSchema)
  revokeLink(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(boardLinkRevokeRequestSchema)) body: Body<typeof boardLinkRevokeRequestSchema>) {
    return this.boards.revokeLink(user.userId, body.id, body.linkId);
  }
}
