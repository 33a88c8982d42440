// Lets a plain `node` child process run this repository's TypeScript sources the way jest does
// (swc, legacy decorators with metadata, `.js` specifiers that point at `.ts` files).
// Usage: node --import <this file> some-script.ts
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
