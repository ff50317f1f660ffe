import { defineConfig } from 'vitest/config';

// API tests share one migrated, seeded database per worker; PGlite start-up is the slow part.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
