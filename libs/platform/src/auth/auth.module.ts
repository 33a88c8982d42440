import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { resolveSecrets } from '../config/secrets.js';
import { TokenService } from './token.service.js';

@Global()
@Module({
  providers: [
    {
      provide: TokenService,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new TokenService(resolveSecrets(config).token),
    },
  ],
  exports: [TokenService],
})
export class AuthModule {}
