// npm start: build the site if needed, then run the API (migrates and seeds on start) serving it.
import { spawn } from 'node:child_process';
import { buildAdmin, buildWeb, root } from './lib.mjs';

buildWeb();
buildAdmin();
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
