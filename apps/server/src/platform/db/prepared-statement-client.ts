import { createHash } from 'node:crypto';
import pg from 'pg';
import { CopyData, runCopy } from './copy-in.ts';

/**
 * How many statements one connection keeps prepared. The queries Pillar sends come in a few
 * hundred shapes; an `in (...)` list of a new length is a new shape, so the number is capped
 * rather than trusted. Past the cap, queries still run, unprepared.
 */
export const MAX_PREPARED_PER_CONNECTION = 1000;

/** Names already worked out, so a hot statement is not hashed on every execution. */
const names = new Map<string, string>();

/** A stable name for a statement's text: the same SQL on any connection gets the same name. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (names.size >= MAX_PREPARED_PER_CONNECTION) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * A `pg` client that prepares every parameterised statement under a name derived from its text,
 * so PostgreSQL parses it once per connection and, where its cost model allows, plans it once too
 * (plan_cache_mode auto: a generic plan after five executions when it costs no more than the
 * custom ones). Kysely sends every query as text plus parameters, so this is the one place to do
 * it. Statements without parameters (migrations, scripts with several commands) go unprepared:
 * the extended protocol takes one command per message.
 *
 * A prepared plan is tied to the schema it was made for: a column change under a running server
 * makes PostgreSQL refuse `select *` statements ("cached plan must not change result type"), so
 * servers restart after migrations, as they do anyway (migrations run on start).
 */
export class PreparedStatementClient extends pg.Client {
  #prepared = new Set<string>();

  // pg's query() has many overloads; this one routes the (text, values) form Kysely uses.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    // COPY ... FROM STDIN with its rows (copy-in.ts): streamed, never prepared.
    if (typeof text === 'string' && Array.isArray(values) && values[0] instanceof CopyData)
      return runCopy(this, text, values[0]) as never;
    if (
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      args.length === 2
    ) {
      const name = statementName(text);
      if (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        return (super.query as unknown as (config: pg.QueryConfig) => never)({
          name,
          text,
          values,
        });
      }
    }
    return (super.query as unknown as (...a: unknown[]) => never)(...args);
  }
}
