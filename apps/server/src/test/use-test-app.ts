import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The file's test app: created before its tests and handed to `set`, closed after them
 * (`let t: TestApp; useTestApp((app) => (t = app));`).
 */
export function useTestApp(
  set: (app: TestApp) => void,
  options?: Parameters<typeof createTestApp>[0],
): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
    set(app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });
}
