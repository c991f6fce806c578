// npm run build:server: the API as compiled JavaScript — one ES module, apps/server/dist/server.mjs (with its
// source map), run by plain `node` without a TypeScript loader (issue 54: the cluster runs this build).
//
// The npm packages the server depends on stay outside the bundle (node_modules resolves them as usual);
// our own workspaces (@panalo/contract) are compiled in. Files the server reads beside its code (the SQL
// functions, the demo screening list, the geo table's package) are found from `import.meta.url`, so each
// module keeps its own source file's URL: the build runs from this checkout, next to those files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const serverPackage = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const external = Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith('@panalo/'));

/** Every module's `import.meta.url` as its own source file's, not the bundle's. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const text = readFileSync(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

export async function buildServer() {
  const started = Date.now();
  await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    outfile: path.join(root, 'apps/server/dist/server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    plugins: [ownUrl],
    logLevel: 'warning',
  });
  return Date.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`Built apps/server/dist/server.mjs in ${ms} ms`);
}
