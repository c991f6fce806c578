// Adds server message keys to both error catalogues: node scripts/add-error-keys.mjs <code> "<EN>" "<TY>" [...]
// Each file is read, extended and rewritten in one step, so helpers adding keys at once do not lose each other's.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 3 !== 0) {
  console.error('usage: add-error-keys.mjs <code> <EN text> <TY text> [<code> <EN> <TY> ...]');
  process.exit(2);
}
for (const [lang, col] of [
  ['en', 1],
  ['ty', 2],
]) {
  const file = path.join(root, 'packages/client/src/errors', lang, 'errors.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  for (let i = 0; i < args.length; i += 3) {
    if (!/^[a-z][a-z0-9_]*$/.test(args[i])) throw new Error(`bad code ${args[i]}`);
    data.errors[args[i]] = args[i + col];
  }
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(tmp, file);
}
