// The web test files that replace a module with vi.mock (paths under apps/web). The web project shares
// its worker's modules between files (isolate: false in vitest.config.ts), so a replaced module would
// stay replaced for every file after it: these run isolated, in the project `web-mocks`.
// test/web-mocks.test.ts fails on a mocking file missing here.
export const webMocking = [
  'src/app/layout/menu.test.tsx',
  'src/app/layout/footer.test.tsx',
  'src/features/cashier/screens/security-screen.test.tsx',
  'src/features/cashier/screens/withdraw-screen.test.tsx',
  'src/features/cashier/screens/deposit-screen.test.tsx',
  'src/features/password/screens/change-password-screen.test.tsx',
  'src/features/password/screens/settings-screen.test.tsx',
  'src/features/password/screens/reset-password-screen.test.tsx',
  'src/features/password/screens/forget-screen.test.tsx',
  'src/lib/toast.test.ts',
];
