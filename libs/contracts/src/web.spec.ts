import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Specifiers a module loads at run time: type-only imports and exports are erased by every build. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?[\s\S]*?\bfrom\s+'([^']+)';/gm)) {
    if (!match[1]) specifiers.push(match[2]!);
  }
  for (const match of source.matchAll(/^import\s+'([^']+)';/gm)) specifiers.push(match[1]!);
  return specifiers;
}

/** Every module web.ts reaches at run time, relative to src/, and the packages they import. */
function reachable(entry: string): { modules: string[]; packages: string[] } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(resolve(here, entry));
  return { modules: [...modules].map((file) => file.slice(here.length + 1)).sort(), packages: [...packages].sort() };
}

describe('the web entry', () => {
  // The store imports web.ts; a schema or an event reached from it would put zod in its home bundle.
  it('reaches no package and no schema or event module at run time', () => {
    const { modules, packages } = reachable('web.ts');
    expect(packages).toEqual([]);
    expect(modules.filter((module) => /(^|\/)(schemas|events|all-events)\.ts$/.test(module))).toEqual([]);
    expect(modules).toContain('music/api.ts');
  });

  it('sees through type-only re-exports of inferred types', () => {
    expect(runtimeImports(resolve(here, 'identity/api.ts'))).toEqual([]);
    expect(runtimeImports(resolve(here, 'identity/schemas.ts'))).toEqual(['zod', '../orders/api.js', '../text.js', '../wire-numbers.js', './api.js']);
  });
});
