import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PostgresQueryCompiler,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { EmployeeDetail } from '@pillar/domain';
import { given, uniqueSsn, type GroupHandle } from '../../test/given.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * The SQL of the member record's repositories, written to checked-in files (modules/<area>/__sql__/
 * <file>.sql) so a query change shows in review and a plan can be read without running it. One
 * fixed scenario goes through the API (create, edit, every lifecycle action, every history read);
 * a Kysely plugin records each distinct statement under the repository file that built it. The
 * same scenario gives the same SQL on PGlite and PostgreSQL (one compiler; values are
 * parameters). It also proves that no module sends SQL from outside a `*.repo.ts` (issue 11:
 * SQL only in repositories). After a deliberate query change: `npx vitest run --project server
 * -u apps/server/src/modules/system/repository-sql.test.ts`, and review the diff.
 */

const compiler = new PostgresQueryCompiler();

/**
 * The server file that built a query: the first frame of the server's own code in the stack
 * (this recorder and Kysely left out), as `<area>/<file>.ts` under modules/, else undefined
 * (platform code, such as the audit log, is not a module's).
 */
function moduleFileOf(stack: string): string | undefined {
  for (const line of stack.split('\n').slice(1)) {
    if (line.includes('node_modules') || line.includes('repository-sql.test.ts')) continue;
    if (!line.includes('/apps/server/src/')) continue;
    return /\/apps\/server\/src\/modules\/([^/]+\/[^:)]+\.ts)/.exec(line)?.[1];
  }
  return undefined;
}

class SqlRecorder implements KyselyPlugin {
  recording = false;
  readonly byFile = new Map<string, Set<string>>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 60;
      // Kysely builds the operation node synchronously inside execute(), so the caller is here.
      const file = moduleFileOf(new Error().stack ?? '') ?? '(outside modules)';
      Error.stackTraceLimit = limit;
      const text = compiler.compileQuery(args.node, args.queryId).sql;
      if (!this.byFile.has(file)) this.byFile.set(file, new Set());
      this.byFile.get(file)!.add(text);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const recorder = new SqlRecorder();
let t: TestApp;
let orgNo: number;
let groups: GroupHandle[];

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response = await t.injectAs('accountManager', {
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

beforeAll(async () => {
  t = await createTestApp({ plugins: [recorder] });
  const scenario = await given(t).organization().group().group().build();
  orgNo = scenario.organization.organizationNo;
  groups = scenario.groups;
});

afterAll(async () => {
  await t?.close();
});

describe('repository SQL', () => {
  it('records the member record scenario and writes each repository file the SQL it sent', async () => {
    recorder.recording = true;
    const base = `/portal/v1/organizations/${orgNo}/employees`;
    const created = (
      await call('POST', base, {
        firstName: 'Ada',
        lastName: 'Quinlan',
        birthdate: '1980-02-03',
        gender: 'F',
        ssn: uniqueSsn(t),
        effectiveDate: '2024-01-01',
        benefitGroupId: groups[0]!.benefitGroupNo,
        clientId: 'SQL-SNAPSHOT-1',
      })
    ).json<EmployeeDetail>();
    const url = `${base}/${created.employeeNo}`;
    await call('GET', url);
    await call('PUT', url, {
      firstName: 'Adah',
      lastName: 'Quinlan',
      birthdate: '1980-02-03',
      gender: 'F',
      clientId: 'SQL-SNAPSHOT-2',
    });
    await call('GET', `${url}/ssn`);
    await call('PATCH', `${url}/group`, {
      benefitGroupId: groups[1]!.benefitGroupNo,
      changeDate: '2024-03-01',
    });
    await call('PUT', `${url}/termination`, { terminationDate: '2024-06-30' });
    await call('PATCH', `${url}/termination`, { terminationDate: '2024-05-31' });
    await call('DELETE', `${url}/termination`);
    await call('PUT', `${url}/termination`, { terminationDate: '2024-06-30' });
    await call('PATCH', `${url}/reinstatement`, {
      reinstateDate: '2024-08-01',
      benefitGroupId: groups[0]!.benefitGroupNo,
    });
    for (const part of [
      'idHistory',
      'division-history',
      'benefit-package-history',
      'group-assignments',
    ]) {
      await call('GET', `${url}/${part}`);
    }
    await call('GET', `/portal/v1/datanet/memberchangehistory?employeeId=${created.employeeNo}`);
    recorder.recording = false;

    const files = [...recorder.byFile.keys()].filter((f) => f !== '(outside modules)').sort();
    // SQL only in repositories: every module file that sent a statement is a *.repo.ts.
    expect(files.filter((f) => !f.endsWith('.repo.ts'))).toEqual([]);
    expect(files).toContain('members/member-record.repo.ts');
    for (const file of files) {
      const [area, name] = file.split('/') as [string, string];
      const statements = [...recorder.byFile.get(file)!].map((s) => s.trim()).sort();
      const text = [
        `-- SQL that ${name} sent in the member record scenario of`,
        '-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).',
        '',
        ...statements.map((s) => `${s};\n`),
      ].join('\n');
      await expect(text).toMatchFileSnapshot(`../${area}/__sql__/${name.replace(/\.ts$/, '')}.sql`);
    }
  });
});
