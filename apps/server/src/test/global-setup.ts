import type { TestProject } from 'vitest/node';
import {
  clearTemplateRun,
  newTemplateRun,
  removeTemplateRun,
  type TemplateRun,
} from './database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's test database templates (decision 0104); `createTestApp` copies them. */
    pillarTemplateRun: TemplateRun;
  }
}

/**
 * Once per `vitest run` of the server project: a directory (and, on PostgreSQL, a name prefix)
 * for the run's migrated, seeded template databases, removed when the run ends. The templates
 * themselves are built by the first test file that needs each one (test/database-template.ts).
 * In watch mode each rerun starts without them, so a changed seed or migration is seen.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const run = newTemplateRun();
  project.provide('pillarTemplateRun', run);
  project.onTestsRerun(() => clearTemplateRun(run));
  return () => removeTemplateRun(run);
}
