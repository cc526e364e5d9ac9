// What a result depends on: the machine, its load, and the versions of everything measured.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function versionOf(path) {
  try {
    return JSON.parse(readFileSync(new URL(path, `file://${root}`), 'utf8')).version ?? '?';
  } catch {
    return 'not installed';
  }
}

/** CPU model, cores, memory and load averages now. */
export function machineFacts() {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2));
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    freeGiB: os.freemem() / 1024 ** 3,
    load: load.join(' / '),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** Node, socket.io, nx, playwright-core and app versions, plus the git commit the tree is based on. */
export function versions() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim();
    if (dirty) commit += ' + uncommitted changes';
  } catch {
    // not a git checkout
  }
  return {
    node: process.version,
    'socket.io': versionOf('node_modules/socket.io/package.json'),
    'socket.io-client': versionOf('node_modules/socket.io-client/package.json'),
    nx: versionOf('node_modules/nx/package.json'),
    'playwright-core': versionOf('node_modules/playwright-core/package.json'),
    switchboard: versionOf('package.json'),
    gateway: versionOf('apps/gateway/package.json'),
    'pbx-simulator': versionOf('apps/pbx-simulator/package.json'),
    dashboard: versionOf('apps/dashboard/package.json'),
    commit,
  };
}
