/**
 * Runs one mapping job the way the server runs it, in a child process of its own
 * (`mapping-job-child.ts`): this process prepares a bench database (PostgreSQL when DATABASE_URL
 * is set, else PGlite, the embedded default, in a temporary folder) with the standard write
 * schemas, the template's transformations, its read schema and template, stores the source file
 * in a local file storage and records the job; the child runs `runMappingJob` (the pg-boss
 * worker's function) and reports its memory. Used by `--mapping` and by `--pricing`'s mapping stage.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  schemaInput,
  templateInput,
  transformationInput,
  type TemplateMapping,
} from '@pillar/domain';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate.ts';
import { createLocalFileStorage } from '../../apps/server/src/platform/storage/local-file-storage.ts';
import {
  createSeedTemplate,
  createStandardWriteSchemas,
  createTransformation,
} from '../../apps/server/src/modules/data-mapping/index.ts';
import { findJob, insertJob } from '../../apps/server/src/modules/data-mapping/jobs.repo.ts';
import { createBenchDatabase } from './database.ts';
import { watchRss } from './server.ts';
import type { ChildInput, ChildReport } from './mapping-job-child.ts';
// The server's FastifyInstance augmentation (app.ts), for the module files the setup reaches.
import type {} from '../../apps/server/src/app.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mapping-job-child.ts');
const MAPPING_DATABASE = 'pillar_bench_mapping';

export interface MappingJobSpec {
  /** The read schema (schemaInput's shape). */
  read: unknown;
  write: 'eligibility' | 'claims';
  templateName: string;
  /** The transformations the template uses, by name (transformationInput's definitions). */
  transformations: Record<string, unknown>;
  mappings: TemplateMapping[];
  /** The source file, on disk; it is stored in the job's storage first (not timed). */
  sourceFile: string;
  /** Where to copy the job's output (decrypted from storage), to check it; not timed. */
  outputFile?: string;
}

export interface MappingJobResult extends ChildReport {
  database: 'postgres' | 'pglite';
  status: string;
  rowsRead: number;
  rowsWritten: number;
  rowsDropped: number;
  errorCount: number;
  transformations: number;
  /** The child's peak resident set as this process saw it (/proc/<pid>/status every 50 ms). */
  observedPeakRssMb: number | null;
  sourceMb: number;
}

export async function runMappingJobInChild(
  spec: MappingJobSpec,
  log: (line: string) => void,
): Promise<MappingJobResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-mapping-job-'));
  const adminUrl = process.env.DATABASE_URL;
  const bench = adminUrl ? await createBenchDatabase(adminUrl, MAPPING_DATABASE) : undefined;
  const databaseConfig = { url: bench?.url, pgliteDir: path.join(dir, 'db') };
  const storageDir = path.join(dir, 'storage');
  const storageKey = crypto.randomBytes(32);
  const storage = createLocalFileStorage({ root: storageDir, key: storageKey });
  try {
    let database = await openDatabase({ ...databaseConfig, poolSize: 2 });
    let jobNo: number;
    try {
      await migrateToLatest(database.db);
      const db = database.db;
      const write = await createStandardWriteSchemas(db);
      for (const [name, definition] of Object.entries(spec.transformations)) {
        await createTransformation(
          db,
          null,
          transformationInput.parse({ name, description: name, definition }),
        );
      }
      const template = templateInput.parse({
        name: spec.templateName,
        readSchemaId: 1,
        writeSchemaId: write[spec.write],
        mappings: spec.mappings,
      });
      const { readSchemaId: _read, ...rest } = template;
      void _read;
      const templateNo = await createSeedTemplate(db, null, schemaInput.parse(spec.read), rest);
      log(`mapping job: storing the source file (${spec.sourceFile})`);
      const sourceKey = `mapping-sources/bench-${crypto.randomUUID()}`;
      await storage.put(sourceKey, fs.createReadStream(spec.sourceFile));
      jobNo = await insertJob(db, {
        template_no: templateNo,
        source_storage_key: sourceKey,
        source_bytes: fs.statSync(spec.sourceFile).size,
        created_by: null,
      });
    } finally {
      // PGlite's folder is one process's at a time: the child opens it next.
      await database.close();
    }

    log(`mapping job ${jobNo}: running runMappingJob in a child process`);
    const input: ChildInput = {
      database: databaseConfig,
      storageDir,
      storageKeyHex: storageKey.toString('hex'),
      jobNo,
    };
    const child = spawn(process.execPath, [CHILD, JSON.stringify(input)], {
      stdio: ['ignore', 'pipe', process.stderr],
    });
    const watch = watchRss(child.pid!, 50);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const observed = watch.stop();
    if (code !== 0) throw new Error(`the mapping job's process failed (exit code ${code})`);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildReport;

    database = await openDatabase({ ...databaseConfig, poolSize: 1 });
    try {
      const job = (await findJob(database.db, jobNo))!;
      if (spec.outputFile && job.output_key) {
        await new Promise<void>((resolve, reject) => {
          void storage.get(job.output_key!).then((stream) => {
            stream
              .on('error', reject)
              .pipe(fs.createWriteStream(spec.outputFile!))
              .on('finish', resolve)
              .on('error', reject);
          }, reject);
        });
      }
      return {
        database: database.kind,
        status: job.status,
        rowsRead: job.rows_read,
        rowsWritten: job.rows_written,
        rowsDropped: job.rows_dropped,
        errorCount: job.error_count,
        transformations: Object.keys(spec.transformations).length,
        ...report,
        observedPeakRssMb: observed === undefined ? null : Math.round(observed / 1024 / 1024),
        sourceMb: Math.round(fs.statSync(spec.sourceFile).size / 1024 / 1024),
      };
    } finally {
      await database.close();
    }
  } finally {
    await bench?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
