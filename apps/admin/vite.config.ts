import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.PANALO_API ?? 'http://localhost:8080';
const LAZY_MANTINE =
  /node_modules\/@mantine\/core\/esm\/components\/(Stepper|TagsInput|MultiSelect|CopyButton|Tooltip|Radio|ColorSwatch|ColorInput|ColorPicker|Table|Pagination|Tabs|SegmentedControl|NumberInput|FileInput|Popover|Chip|Textarea|Checkbox|Switch|Fieldset|Accordion|Image|Divider)\//;

// The operator console: served by the API process at /admin/ (apps/server/src/plugins/web.ts).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': api, '/img': api } },
  build: {
    target: 'es2022',
    // Read by npm run bench:admin to weigh the first load (the entry and what it imports).
    manifest: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // The shell every screen needs in one chunk; each screen is its own lazy chunk.
        manualChunks(id) {
          // Mantine's components that only some screens use stay with those screens' lazy chunks (the
          // launch form's stepper, the colour fields, tags and multi-selects, copy buttons, tooltips…):
          // the first load carries only what the shell and the sign-in page draw.
          if (LAZY_MANTINE.test(id)) return undefined;
          if (
            /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)\//.test(
              id,
            )
          )
            return 'core';
          if (
            /node_modules\/(@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx|tslib|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|detect-node-es|aria-hidden|react-transition-group)\//.test(
              id,
            )
          )
            return 'mantine';
          return undefined;
        },
      },
    },
  },
});
