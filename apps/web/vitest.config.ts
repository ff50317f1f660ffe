import { defineConfig } from 'vitest/config';

// Unit tests for the web app's pure logic; screens are covered by the Playwright suite in e2e/.
export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
