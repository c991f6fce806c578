// npm run bundle:report — where the first page's bytes go. Builds the web app into a temporary folder
// and prints (1) every chunk the entry loads statically, gzipped, and (2) the code of those chunks by
// package or app folder, each minified and gzipped on its own (an estimate: together they compress a
// little better). `-- --all` lists every chunk of the build as well; `-- --modules` groups the code by
// module (file) instead of by package or folder. bench:web measures what a browser
// really fetches; this says which modules to look at.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import { build } from 'vite';
import { root } from './lib.mjs';

const kib = (n) => `${(n / 1024).toFixed(1).padStart(6)} KiB`;
const gz = (code) => gzipSync(code, { level: 9 }).length;
const out = mkdtempSync(path.join(os.tmpdir(), 'panalo-bundle-'));
const chunks = {};
try {
  await build({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
    plugins: [
      {
        name: 'bundle-report',
        generateBundle(_, bundle) {
          for (const [file, c] of Object.entries(bundle)) if (c.type === 'chunk') chunks[file] = c;
        },
      },
    ],
  });
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** A module's owner: its npm package, or its folder under apps/web/src (two levels), or the contract. */
function ownerOf(id) {
  if (process.argv.includes('--modules')) return id.replace(/^.*\/(apps|packages|node_modules)\//, '$1/');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1];
  const web = id.split('/apps/web/src/')[1];
  if (web) return `web/${web.split('/').slice(0, 2).join('/')}`;
  if (id.includes('/packages/contract/')) return 'contract';
  if (id.includes('/packages/client/')) return 'client';
  return id.replace(/^\0/, '').trim();
}

const entry = Object.values(chunks).find((c) => c.isEntry);
const loaded = new Set();
// The entry asks for the app's code (start.tsx, its one lazy import) once home's banner is drawn.
const start = Object.values(chunks).find((c) =>
  Object.keys(c.modules).some((id) => id.endsWith('/src/app/start.tsx')),
);
for (const stack = [entry.fileName, start.fileName]; stack.length > 0;) {
  const file = stack.pop();
  if (loaded.has(file)) continue;
  loaded.add(file);
  stack.push(...chunks[file].imports);
}

console.log(`Chunks the entry loads before any lazy screen (${entry.fileName} and the app it starts):`);
let total = 0;
for (const file of [...loaded].sort((a, b) => gz(chunks[b].code) - gz(chunks[a].code))) {
  total += gz(chunks[file].code);
  console.log(`  ${kib(gz(chunks[file].code))} gz  ${file}`);
}
console.log(`  ${kib(total)} gz  in all (lazy screens, their catalogues and CSS come on top)`);

const code = new Map();
for (const file of loaded)
  for (const [id, m] of Object.entries(chunks[file].modules))
    code.set(ownerOf(id), `${code.get(ownerOf(id)) ?? ''}${m.code ?? ''}\n`);
const owners = [...code].map(([owner, text]) => {
  let min = text;
  try {
    min = transformSync(text, { minify: true, loader: 'js' }).code;
  } catch {
    // not plain JS (a JSON module's rendering, say): measured as it is
  }
  return { owner, gz: gz(min), raw: min.length };
});
console.log(
  `\nTheir code by ${process.argv.includes('--modules') ? 'module' : 'package or folder'} (each minified and gzipped alone):`,
);
for (const o of owners.sort((a, b) => b.gz - a.gz).slice(0, process.argv.includes('--modules') ? 150 : 40))
  console.log(`  ${kib(o.gz)} gz ${kib(o.raw)} min  ${o.owner}`);

if (process.argv.includes('--all')) {
  console.log('\nEvery chunk of the build:');
  for (const c of Object.values(chunks).sort((a, b) => gz(b.code) - gz(a.code)))
    console.log(`  ${kib(gz(c.code))} gz  ${c.fileName}${c.isDynamicEntry ? ' (lazy)' : ''}`);
}
