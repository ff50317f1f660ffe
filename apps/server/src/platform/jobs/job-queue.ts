import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Durable jobs on the database we already have: pg-boss on PostgreSQL, or on the embedded
 * PGlite through its adapter (its queries queue behind our transactions, see pglite-dialect).
 */
export interface JobQueue {
  start(): Promise<void>;
  send<T extends object>(queue: string, data: T): Promise<string | null>;
  work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void>;
  stop(): Promise<void>;
}

export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  const boss = new PgBoss(
    database.pglite
      ? { db: fromPglite(database.pglite), schema: 'pgboss', supervise: true, schedule: false }
      : { connectionString: database.url!, schema: 'pgboss', max: 4, schedule: false },
  );
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  const created = new Set<string>();
  let started = false;

  async function ensureQueue(queue: string) {
    if (created.has(queue)) return;
    if (!(await boss.getQueue(queue))) await boss.createQueue(queue);
    created.add(queue);
  }

  return {
    async start() {
      if (started) return;
      await boss.start();
      started = true;
    },
    async send(queue, data) {
      await ensureQueue(queue);
      return boss.send(queue, data, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    },
    async work<T extends object>(queue: string, handler: JobHandler<T>) {
      await ensureQueue(queue);
      await boss.work<T>(queue, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
