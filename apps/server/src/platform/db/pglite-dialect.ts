import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for PGlite. PGlite is one connection; its own `transaction()` holds a lock that
 * every other `query()` waits for (pg-boss's included). Running Kysely transactions inside it keeps
 * concurrent requests from interleaving statements into someone else's transaction, which a
 * plain BEGIN/COMMIT driver would allow. See docs/decisions/0002-embedded-database.md.
 */
export class PGliteDialect implements Dialect {
  readonly #client: PGlite;
  constructor(client: PGlite) {
    this.#client = client;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#client);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #client: PGlite;
  constructor(client: PGlite) {
    this.#client = client;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.#client);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    if (!this.#client.closed) await this.#client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGlite;
  #tx: Transaction | undefined;
  #finish: ((commit: boolean) => void) | undefined;
  #done: Promise<unknown> | undefined;

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** Opens a PGlite transaction and parks it until commit or rollback. */
  begin(): Promise<void> {
    return new Promise<void>((started, failedToStart) => {
      this.#done = this.#client
        .transaction(async (tx) => {
          this.#tx = tx;
          const commit = await new Promise<boolean>((resolve) => {
            this.#finish = resolve;
            started();
          });
          if (!commit) await tx.rollback();
        })
        .catch((error: unknown) => {
          failedToStart(
            error instanceof Error ? error : new Error('transaction failed', { cause: error }),
          );
          throw error;
        });
    });
  }

  async end(commit: boolean): Promise<void> {
    const finish = this.#finish;
    const done = this.#done;
    this.#tx = undefined;
    this.#finish = undefined;
    this.#done = undefined;
    finish?.(commit);
    await done;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#tx ?? this.#client;
    const result = await target.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}
