import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';

// The workspace packages point their runtime entry at a build output that tests do not produce.
const WORKSPACE_SOURCES = {
  '@mkt/contracts': new URL('../../../../contracts/src/index.ts', import.meta.url).href,
  '@mkt/platform': new URL('../../index.ts', import.meta.url).href,
};

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export async function resolve(specifier, context, nextResolve) {
  const workspaceSource = WORKSPACE_SOURCES[specifier];
  if (workspaceSource) return { url: workspaceSource, shortCircuit: true };
  const parent = context.parentURL;
  if (parent?.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    const tsUrl = new URL(specifier.slice(0, -3) + '.ts', parent);
    if (existsSync(fileURLToPath(tsUrl))) return { url: tsUrl.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = swc.transformSync(readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
  return { format: 'module', source: code, shortCircuit: true };
}
