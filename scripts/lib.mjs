import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds an app (web: the member site; admin: the operator console) when its output is missing or older than its sources (or always, with force). */
function buildApp(app, { force = false } = {}) {
  const index = path.join(root, `apps/${app}/dist/index.html`);
  const sources = Math.max(
    newest(path.join(root, `apps/${app}`)),
    newest(path.join(root, 'packages/contract/src')),
    newest(path.join(root, 'packages/client/src')),
  );
  if (!force && existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log(`Building ${app === 'web' ? 'the web app' : 'the operator console'}…`);
  run('npm', ['run', 'build', '-w', `@panalo/${app}`]);
}

export const buildWeb = (opts = {}) => buildApp('web', opts);
export const buildAdmin = (opts = {}) => buildApp('admin', opts);

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
  return r;
}
