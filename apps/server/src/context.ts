import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { AppContext } from './app.ts';
import type { Config } from './config.ts';
import { syncRoles } from './modules/authorization/index.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { createJobQueue } from './platform/jobs/job-queue.ts';
import { serializeError } from './platform/log-serializers.ts';
import { createMailService } from './platform/mail/mail-service.ts';
import { loadSecrets } from './platform/secrets.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel, serializers: { err: serializeError } });
}

/**
 * Opens the database, brings its schema and roles up to date, and wires the services every
 * module shares. The caller starts the job queue when it runs workers or sends jobs.
 */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  options: { database?: Database } = {},
): Promise<AppContext> {
  const database = options.database ?? (await openDatabase(config.database));
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  await syncRoles(database.db);
  const secrets = await loadSecrets(config);
  const jobs = createJobQueue(database, log);
  // The mail worker reads attachments (an issue's files) from the file storage, opened once.
  let storage: ReturnType<typeof createFileStorage> | undefined;
  const openAttachment = async (key: string) =>
    (await (storage ??= createFileStorage(config.storage, secrets))).get(key);
  const mail = createMailService({ config, db: database.db, jobs, log, openAttachment });
  return { config, database, db: database.db, secrets, jobs, mail };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop();
  await ctx.database.close();
}
