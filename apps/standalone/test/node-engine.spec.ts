import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/**
 * The README promises Node.js 20.19 or newer and `engines` says the same: every package the lock
 * file installs must accept that version, or `npm install` warns (EBADENGINE) on the stated engine
 * and a package may use what that Node does not have.
 */
const ROOT = join(import.meta.dirname, '../../..');

describe('the Node.js version the README states', () => {
  const stated = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
  const lowest = semver.minVersion(stated)!.version;

  it('is the one the README names', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`Node.js ${lowest.replace(/\.0$/, '')} or newer`);
  });

  it('is accepted by every package of the lock file', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path.includes('node_modules/') && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(lowest, (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([path, entry]) => `${path.slice(path.lastIndexOf('node_modules/') + 13)}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
