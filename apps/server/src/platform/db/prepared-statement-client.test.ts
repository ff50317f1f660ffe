import { describe, expect, it } from 'vitest';
import {
  MAX_PREPARED_PER_CONNECTION,
  PreparedStatementClient,
  statementName,
} from './prepared-statement-client.ts';

/**
 * The client is exercised unconnected: pg queues queries until a connection exists, and the
 * queued query shows whether it would be sent as a named (prepared) statement. The API tests run
 * the real thing against PostgreSQL when DATABASE_URL is set.
 */
function queuedNames(send: (client: PreparedStatementClient) => void): (string | undefined)[] {
  const client = new PreparedStatementClient({
    connectionString: 'postgres://nobody@127.0.0.1:1/none',
  });
  send(client);
  const queue = (client as unknown as { _queryQueue: { name?: string }[] })._queryQueue;
  return queue.map((query) => query.name);
}

describe('PreparedStatementClient', () => {
  it('names a parameterised statement after its text, the same on every connection', () => {
    const text = 'select * from employee where employee_no = $1';
    const names = queuedNames((client) => {
      void client.query(text, [1]);
      void client.query(text, [2]);
    });
    expect(names).toEqual([statementName(text), statementName(text)]);
    expect(statementName(text)).toMatch(/^k[\w-]{22}$/);
    expect(statementName(`${text} `)).not.toBe(statementName(text));
  });

  it('leaves statements without parameters unprepared (scripts may hold several commands)', () => {
    const names = queuedNames((client) => {
      void client.query('create table a (x int); create table b (y int)', []);
      void client.query('select 1');
    });
    expect(names).toEqual([undefined, undefined]);
  });

  it('stops preparing new shapes past the cap, and keeps using the ones it has', () => {
    const names = queuedNames((client) => {
      for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i += 1) {
        void client.query(`select $1::int + ${i}`, [1]);
      }
      void client.query('select $1::int + 0', [1]);
    });
    expect(names.slice(0, MAX_PREPARED_PER_CONNECTION).every(Boolean)).toBe(true);
    expect(names[MAX_PREPARED_PER_CONNECTION]).toBeUndefined();
    expect(names.at(-1)).toBe(statementName('select $1::int + 0'));
  });
});
