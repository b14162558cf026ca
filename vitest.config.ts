import { configDefaults, defineConfig } from 'vitest/config';

// Two projects: 'unit' (everything, no servers) and 'mail-server' (test/mail/server/**, which needs
// a real Dovecot + SMTP relay). The mail server's globalSetup belongs to the second project only, so
// `vitest run test/store` and friends never wait for it.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // A variant's own tests sit beside its data (variants/<id>/), found by whoever edits it.
          include: ['test/**/*.test.ts', 'variants/**/*.test.ts'],
          // Some tests start the judge as a child process or drive whole games by mail; on a busy
          // 2-core machine the 5 s default fails them for load, not for a fault.
          testTimeout: 30_000,
          exclude: [...configDefaults.exclude, 'test/mail/server/**'],
          // Tests that spawn bin/chancery.cjs run the bundle: rebuilt first if a source is newer.
          globalSetup: ['test/setup/build-global.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'mail-server',
          include: ['test/mail/server/**/*.test.ts'],
          globalSetup: ['test/setup/build-global.ts', 'test/setup/mail-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
