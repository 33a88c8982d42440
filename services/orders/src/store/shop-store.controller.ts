import { Body, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ShopCalls, languageFromHeader, shopDetailRequestSchema, shopOrderRequestSchema, shopPackDownloadRequestSchema, type ShopOrderRequest } from '@mkt/contracts';
import { ApiZodBody, CurrentUser, LoginMessage, StoreController, UserAuthGuard, ZodValidationPipe, type AuthenticatedUser } from '@mkt/platform';
import { ShopService } from '../shop/shop.service.js';

const path = (call: string) => call.replace(/^\//, '');

/** The shop's public calls: anyone may browse the products. */
@ApiTags('store: shop')
@StoreController()
export class ShopCatalogueController {
  constructor(private readonly shop: ShopService) {}

  @Post(path(ShopCalls.list))
  @HttpCode(200)
  list(@Headers('accept-language') language?: string) {
    return this.shop.list(languageFromHeader(language));
  }

  @Post(path(ShopCalls.detail))
  @HttpCode(200)
  @ApiZodBody(shopDetailRequestSchema)
  detail(@Body(new ZodValidationPipe(shopDetailRequestSchema)) body: { id: number }, @Headers('accept-language') language?: string) {
    return this.shop.detail(body.id, languageFromHeader(language));
  }
}

/** Buying and drawing on packs: signed-in buyers only. */
@ApiTags('store: shop')
@StoreController()
@UseGuards(UserAuthGuard)
@LoginMessage('signInRequired')
export class ShopBuyerController {
  constructor(private readonly shop: ShopService) {}

  @Post(path(ShopCalls.orderCreate))
  @HttpCode(200)
  @ApiZodBody(shopOrderRequestSchema)
  order(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(shopOrderRequestSchema)) body: ShopOrderRequest) {
    return this.shop.createOrder(user.userId, body);
  }

  @Post(path(ShopCalls.packs))
  @HttpCode(200)
  packs(@CurrentUser() user: AuthenticatedUser, @Headers('accept-language') language?: string) {
    return this.shop.packs(user.userId, languageFromHeader(language));
  }

  @Post(path(ShopCalls.packDownload))
  @HttpCode(200)
  @ApiZodBody(shopPackDownloadRequestSchema)
  download(@CurrentUser() user: AuthenticatedUser, @Body(new ZodValidationPipe(shopPackDownloadRequestSchema)) body: { materialId: number }) {
    return this.shop.download(user.userId, body.materialId);
  }
}
