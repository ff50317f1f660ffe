import { defineConfig } from 'vitest/config';

// API tests: each file gets a database of its own, copied from a migrated, seeded template the
// run builds once per seed (src/test/global-setup.ts, decision 0104).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
