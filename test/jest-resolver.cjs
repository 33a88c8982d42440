/**
 * content-disposition 3 is ESM only; @fastify/static requires it, which Node 20.19 does natively
 * and Jest's module runtime on Node 20 does not. For the tests only, that one request is answered
 * with the same file compiled to CommonJS (once, into node_modules/.cache).
 */
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join, sep } = require('node:path');

const ESM_ONLY = new Set(['content-disposition']);

module.exports = (request, options) => {
  const resolved = options.defaultResolver(request, options);
  if (!ESM_ONLY.has(request) || !options.basedir.includes(`${sep}@fastify${sep}static`)) return resolved;
  const { version } = JSON.parse(readFileSync(join(dirname(resolved), '..', 'package.json'), 'utf8'));
  const compiled = join(options.rootDir, 'node_modules', '.cache', 'jest-cjs', `${request}-${version}.cjs`);
  if (!existsSync(compiled)) {
    const { transformSync } = require('@swc/core');
    const { code } = transformSync(readFileSync(resolved, 'utf8'), { filename: resolved, module: { type: 'commonjs' }, jsc: { target: 'es2022' } });
    mkdirSync(dirname(compiled), { recursive: true });
    // Written aside and renamed: another test worker may be resolving it at the same time.
    writeFileSync(`${compiled}.${process.pid}`, code);
    renameSync(`${compiled}.${process.pid}`, compiled);
  }
  return compiled;
};
