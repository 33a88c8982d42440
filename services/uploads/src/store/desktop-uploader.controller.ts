import { HttpCode, Inject, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UPLOAD_LIMITS, UploadCalls, type DesktopUploaderResponse } from '@mkt/contracts';
import { StoreController } from '@mkt/platform';
import { UPLOAD_SETTINGS, type UploadSettings } from '../uploads.settings.js';

/**
 * Where the deployment hosts the desktop uploader. Public, unlike the other upload calls: the
 * help page /howToUseUploadTool offers the downloads to anyone, and a platform without a
 * configured file is answered with null so the store hides its link instead of a dead one.
 */
@ApiTags('store: uploads')
@StoreController()
export class DesktopUploaderController {
  constructor(@Inject(UPLOAD_SETTINGS) private readonly settings: UploadSettings) {}

  @Post(UploadCalls.desktopUploader.replace(/^\//, ''))
  @HttpCode(200)
  desktopUploader(): DesktopUploaderResponse {
    return { version: UPLOAD_LIMITS.desktopUploaderVersion, ...this.settings.desktopUploader };
  }
}
