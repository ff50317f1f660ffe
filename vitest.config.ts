import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser tests are Playwright's (e2e/), run by `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
