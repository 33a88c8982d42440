import { Global, Module, type DynamicModule } from '@nestjs/common';
import { FieldCipher } from './field-cipher.js';

/** Provides the {@link FieldCipher} with the configured key to every module of the process. */
@Global()
@Module({})
export class CryptoModule {
  static forRoot(fieldEncryptionKey: Buffer): DynamicModule {
    return { module: CryptoModule, providers: [{ provide: FieldCipher, useValue: new FieldCipher(fieldEncryptionKey) }], exports: [FieldCipher] };
  }
}
