import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config.js';

/**
 * Outside production a missing secret is generated once and kept in the data folder, so that
 * tokens and signed links stay valid across restarts of the single-machine server.
 */
export function resolveSecrets(config: AppConfig): { token: string; signing: string; fieldEncryption: Buffer } {
  const fromFile = (name: string, encoding: 'base64url' | 'base64' = 'base64url'): string => {
    const path = join(config.dataDir, 'secrets', name);
    if (existsSync(path)) return readFileSync(path, 'utf8').trim();
    mkdirSync(join(config.dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString(encoding);
    writeFileSync(path, secret, { mode: 0o600 });
    return secret;
  };
  return {
    token: config.secrets.token ?? fromFile('token-secret'),
    signing: config.secrets.signing ?? fromFile('signing-secret'),
    // Losing this key loses every encrypted card and identity number: production must set it.
    fieldEncryption: Buffer.from(config.secrets.fieldEncryption ?? fromFile('field-encryption-key', 'base64'), 'base64'),
  };
}
