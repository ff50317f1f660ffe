import { sql, type Kysely } from 'kysely';

/**
 * Runs a DDL script one statement at a time: both PostgreSQL's extended protocol and PGlite's
 * `query` take a single statement. Scripts must not contain semicolons except as terminators
 * (no function bodies); write those as separate statements.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function runScript(db: Kysely<any>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
