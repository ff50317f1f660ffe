import { describe, expect, it } from 'vitest';
import {
  TRANSFORMATION_MESSAGES as M,
  type GeneratorAnswer,
  type Transformation,
  type TransformationPage,
} from '@pillar/domain';
import type { Caller, TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { EXPRESSION_LIMITS } from './expressions.ts';
import { answerTransformationUsage } from './transformations.usage.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const BASE = '/datamapping/v1';
let counter = 0;
/** A name no other test uses (letters, digits, underscore). */
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++counter}`;

type Method = 'GET' | 'POST' | 'PUT';

async function call(method: Method, url: string, payload?: unknown, caller: Caller = 'dataMapper') {
  return t.injectAs(caller, {
    method,
    url: `${BASE}${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(method: Method, url: string, payload?: unknown): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

function expectProblem(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  field?: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const problem = response.json<{ params?: Record<string, string>; detail?: string }>();
  if (field) expect(Object.keys(problem.params ?? {})).toContain(field);
  if (field && message) expect(problem.params?.[field]).toContain(message);
  return problem;
}

const padding9 = { kind: 'padding', direction: 'left', padWith: '0', digits: 9 } as const;
const create = (name: string, definition: object, description = 'A description') =>
  ok<Transformation>('POST', '/transformations', { name, description, definition });

describe('creating and reading', () => {
  it('stores a hand-written expression with who and when, reads it and finds it', async () => {
    const name = unique('Upper');
    const created = await create(name, { kind: 'expression', expression: '$uppercase($)' });
    expect(created).toMatchObject({
      name,
      kind: 'expression',
      definition: { kind: 'expression', expression: '$uppercase($)' },
      expression: '$uppercase($)',
      locked: false,
      created_by_name: 'Diego Alvarez',
    });
    expect(await ok('GET', `/transformations/${created.id}`)).toEqual(created);
    const page = await ok<TransformationPage>(
      'GET',
      `/transformations?search=${encodeURIComponent(name.toLowerCase())}`,
    );
    expect(page).toEqual({ data: [created], totalCount: 1 });
  });

  it('stores a wizard kind with its defaults filled and its JSONata text', async () => {
    const created = await create(unique('Pad'), padding9);
    expect(created.definition).toEqual({
      ...padding9,
      padWith: '0',
      nullCheck: true,
      nullCheckWithOutput: true,
    });
    expect(created.kind).toBe('padding');
    expect(created.expression).toContain('$pad($v, -9, "0")');
  });

  it('lists alphabetically regardless of case, searches descriptions, and pages', async () => {
    const tag = unique('abc');
    const names = [`B_${tag}`, `a_${tag}`, `C_${tag}`];
    for (const n of names) await create(n, { kind: 'default', value: 'x' }, `Sorting ${tag}`);
    const page = await ok<TransformationPage>('GET', `/transformations?search=${tag}&limit=2`);
    expect(page.totalCount).toBe(3);
    expect(page.data.map((d) => d.name)).toEqual([`a_${tag}`, `B_${tag}`]);
    const next = await ok<TransformationPage>(
      'GET',
      `/transformations?search=sorting%20${tag}&limit=2&offset=2`,
    );
    expect(next.data.map((d) => d.name)).toEqual([`C_${tag}`]);
  });

  it('answers 404 for an id that names nothing and 400 for one out of range', async () => {
    expectProblem(await call('GET', '/transformations/2000000000'), 404);
    expectProblem(await call('GET', '/transformations/99999999999'), 400, 'id');
  });
});

describe('refusals', () => {
  it('refuses a name with anything but letters, digits and underscores, with the spec message', async () => {
    for (const name of ['has space', 'dash-ed', 'semi;colon', 'ünï']) {
      expectProblem(
        await call('POST', '/transformations', {
          name,
          description: 'd',
          definition: { kind: 'default', value: '' },
        }),
        400,
        'name',
        M.nameFormat,
      );
    }
    expectProblem(
      await call('POST', '/transformations', {
        name: 'x'.repeat(10_000),
        description: 'd',
        definition: { kind: 'default', value: '' },
      }),
      400,
      'name',
    );
    expectProblem(
      await call('POST', '/transformations', {
        name: unique('NoDescription'),
        description: '  ',
        definition: { kind: 'default', value: '' },
      }),
      400,
      'description',
      M.descriptionRequired,
    );
  });

  it('refuses a name already used, whatever its case (409 naming name)', async () => {
    const name = unique('Taken');
    await create(name, { kind: 'default', value: 'x' });
    expectProblem(
      await call('POST', '/transformations', {
        name: name.toUpperCase(),
        description: 'd',
        definition: { kind: 'default', value: 'y' },
      }),
      409,
      'name',
      M.nameTaken,
    );
  });

  it('refuses a value map of 0 or 100 rows and a row without from or to', async () => {
    const post = (values: unknown) =>
      call('POST', '/transformations', {
        name: unique('Map'),
        description: 'd',
        definition: { kind: 'conversion', values },
      });
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ from: `${i}`, to: 'x' }));
    expectProblem(await post([]), 400, 'definition.values', M.valueMapRange);
    expectProblem(await post(rows(100)), 400, 'definition.values', M.valueMapRange);
    expectProblem(
      await post([{ from: 'M', to: '' }]),
      400,
      'definition.values.0.to',
      M.valueMapRow,
    );
    expectProblem(await post([{ to: '1' }]), 400, 'definition.values.0.from', M.valueMapRow);
    expect((await post(rows(99))).statusCode).toBe(201);
    // The longest map there is: 99 rows of 1,000-character cells (its JSONata text ~200 kB).
    const long = Array.from({ length: 99 }, (_, i) => ({
      from: `${i}`.padEnd(1000, 'f'),
      to: 't'.repeat(1000),
    }));
    expect((await post(long)).statusCode).toBe(201);
  });

  it('refuses an expression that does not parse: 400 naming it, with JSONata message and position', async () => {
    const problem = expectProblem(
      await call('POST', '/transformations', {
        name: unique('Broken'),
        description: 'd',
        definition: { kind: 'expression', expression: '$substring($, 1' },
      }),
      400,
      'definition.expression',
    );
    expect(problem.params?.['definition.expression']).toMatch(/position \d+/);
    expect(problem.params?.['definition.expression']).toContain('(S0');
  });

  it('refuses a regular expression that can backtrack exponentially', async () => {
    expectProblem(
      await call('POST', '/transformations/test', {
        definition: { kind: 'expression', expression: '$match($, /(a+)+b/)' },
        input: 'aaaa',
      }),
      400,
      'definition.expression',
      'exponential time',
    );
  });

  it('ends an expression that recurses forever with the stack message', async () => {
    expectProblem(
      await call('POST', '/transformations/test', {
        definition: {
          kind: 'expression',
          expression: '($f := function($n){ $n + $f($n + 1) }; $f(0))',
        },
        input: 'x',
      }),
      400,
      'definition.expression',
      'Stack overflow',
    );
  });

  it('ends an expression that loops forever with the timeout message, and the server goes on', async () => {
    expectProblem(
      await call('POST', '/transformations/test', {
        definition: { kind: 'expression', expression: '($f := function(){ $f() }; $f())' },
        input: 'x',
      }),
      400,
      'definition.expression',
      `Evaluation timeout after ${EXPRESSION_LIMITS.timeoutMs} milliseconds`,
    );
    expect(
      await ok('POST', '/transformations/test', {
        definition: { kind: 'expression', expression: '$length($)' },
        input: 'four',
      }),
    ).toEqual({ value: '4' });
  });

  it('refuses an expression that builds an unbounded sequence or an object', async () => {
    expectProblem(
      await call('POST', '/transformations/test', {
        definition: { kind: 'expression', expression: '$count([1..9999999])' },
        input: 'x',
      }),
      400,
      'definition.expression',
    );
    expectProblem(
      await call('POST', '/transformations/test', {
        definition: { kind: 'expression', expression: '{"a": $}' },
        input: 'x',
      }),
      400,
      'definition.expression',
      'not a list or object',
    );
  });

  it('needs the transformations or the evaluate data mapper permission (403 otherwise)', async () => {
    const body = { definition: { kind: 'default', value: 'x' }, input: null };
    expect((await call('GET', '/transformations', undefined, 'clinician')).statusCode).toBe(403);
    expect((await call('POST', '/transformations/test', body, 'clinician')).statusCode).toBe(403);
    expect((await call('POST', '/transformations/test', body, 'broker')).statusCode).toBe(403);
    // The evaluate copy of the page (spec 3 §2): the financial analyst holds eval-data-mapper.
    expect((await call('GET', '/transformations', undefined, 'financialAnalyst')).statusCode).toBe(
      200,
    );
  });
});

describe('test', () => {
  it('evaluates each kind and an expression on an input, null in and out', async () => {
    const cases: [object, string | null, string | null][] = [
      [padding9, '123', '000000123'],
      [{ kind: 'substring', start: 0, end: 3 }, 'abcdef', 'abc'],
      [{ kind: 'conversion', caseSensitive: false, values: [{ from: 'M', to: '1' }] }, 'm', '1'],
      [{ kind: 'default', mode: 'blank', value: 'G1' }, null, 'G1'],
      [{ kind: 'expression', expression: '$substringBefore($, " ")' }, 'Ada Lovelace', 'Ada'],
      [{ kind: 'expression', expression: '$' }, null, null],
      [{ kind: 'expression', expression: '$number($) * 2' }, '21', '42'],
    ];
    expect(
      await ok('POST', '/transformations/test', {
        definition: { kind: 'expression', expression: '$last & ", " & $first' },
        input: null,
        variables: { first: 'Grace', last: 'Hopper' },
      }),
    ).toEqual({ value: 'Hopper, Grace' });
    expectProblem(
      await call('POST', '/transformations/test', {
        definition: { kind: 'expression', expression: '$' },
        input: null,
        variables: { 'not a name': 'x' },
      }),
      400,
      'variables.not a name',
    );
    for (const [definition, input, value] of cases) {
      expect(await ok('POST', '/transformations/test', { definition, input })).toEqual({ value });
    }
  });

  it('refuses a bad definition naming the field', async () => {
    expectProblem(
      await call('POST', '/transformations/test', {
        definition: { kind: 'substring', start: 4, end: 2 },
        input: 'x',
      }),
      400,
      'definition.end',
      M.endBeforeStart,
    );
    expectProblem(
      await call('POST', '/transformations/test', { definition: { kind: 'nope' }, input: 'x' }),
      400,
      'definition.kind',
    );
  });
});

describe('generator (the wizard)', () => {
  const request = (
    type: string,
    answers: string[],
    input: string | null = '42',
    name = unique('Wiz'),
  ) => ({
    transformationRequest: {
      name,
      description: 'From the wizard',
      transformationType: type,
      input,
    },
    answers,
  });

  it('turns positional answers into a stored definition and answers the input value', async () => {
    const made = await ok<GeneratorAnswer>(
      'POST',
      '/transformations/generator',
      request('padding', ['yes', 'yes', 'left', '0', '9']),
    );
    expect(made.value).toBe('000000042');
    expect(made.transformation).toMatchObject({ kind: 'padding', definition: { digits: 9 } });
    expect(await ok('GET', `/transformations/${made.transformation.id}`)).toEqual(
      made.transformation,
    );
    const map = await ok<GeneratorAnswer>(
      'POST',
      '/transformations/generator',
      request('conversion', ['yes', 'no', 'no', '2', 'M', '1', 'F', '2'], 'f'),
    );
    expect(map.value).toBe('2');
    const blank = await ok<GeneratorAnswer>(
      'POST',
      '/transformations/generator',
      request('default', ['blank', 'G100'], null),
    );
    expect(blank.value).toBe('G100');
  });

  it('refuses wrong answers naming them, with the spec messages, and stores nothing', async () => {
    const name = unique('Refused');
    expectProblem(
      await call(
        'POST',
        '/transformations/generator',
        request('conversion', ['yes', 'yes', 'no', '100'], 'x', name),
      ),
      400,
      'answers.3',
      M.valueMapRange,
    );
    expectProblem(
      await call(
        'POST',
        '/transformations/generator',
        request('conversion', ['yes', 'yes', 'no', '1', 'M', ''], 'x', name),
      ),
      400,
      'definition.values.0.to',
      M.valueMapRow,
    );
    expectProblem(
      await call(
        'POST',
        '/transformations/generator',
        request('padding', ['yes', 'yes', 'up', '0', '9'], 'x', name),
      ),
      400,
      'definition.direction',
    );
    expectProblem(
      await call(
        'POST',
        '/transformations/generator',
        request('padding', ['yes'], 'x', 'bad name'),
      ),
      400,
      'transformationRequest.name',
      M.nameFormat,
    );
    const page = await ok<TransformationPage>('GET', `/transformations?search=${name}`);
    expect(page.totalCount).toBe(0);
  });
});

describe('updating', () => {
  it('changes a transformation, refuses a taken name and an unknown id', async () => {
    const a = await create(unique('First'), { kind: 'default', value: 'x' });
    const b = await create(unique('Second'), { kind: 'default', value: 'y' });
    const updated = await ok<Transformation>('PUT', '/transformations', {
      id: a.id,
      name: a.name,
      description: 'Now an expression',
      definition: { kind: 'expression', expression: '$trim($)' },
    });
    expect(updated).toMatchObject({ id: a.id, kind: 'expression', expression: '$trim($)' });
    expect(updated.created_at).toBe(a.created_at);
    expectProblem(
      await call('PUT', '/transformations', {
        id: a.id,
        name: b.name.toLowerCase(),
        description: 'd',
        definition: { kind: 'default', value: 'x' },
      }),
      409,
      'name',
      M.nameTaken,
    );
    expectProblem(
      await call('PUT', '/transformations', {
        id: 2_000_000_000,
        name: unique('Ghost'),
        description: 'd',
        definition: { kind: 'default', value: 'x' },
      }),
      404,
    );
  });

  it('is locked with the spec message while a mapping template uses it', async () => {
    const used = await create(unique('Used'), { kind: 'default', value: 'x' });
    const restore = answerTransformationUsage(
      async (_db, names) => new Set(names.filter((n) => n === used.name)),
    );
    try {
      expect((await ok<Transformation>('GET', `/transformations/${used.id}`)).locked).toBe(true);
      expectProblem(
        await call('PUT', '/transformations', {
          id: used.id,
          name: used.name,
          description: 'changed',
          definition: { kind: 'default', value: 'z' },
        }),
        409,
        'id',
        M.locked,
      );
    } finally {
      restore();
    }
    expect((await ok<Transformation>('GET', `/transformations/${used.id}`)).locked).toBe(false);
  });
});

describe('the demo library', () => {
  it('is seeded and each daily transformation does its job through Test', async () => {
    const expected: [string, string | null, string | null][] = [
      ['Zero_Pad_SSN', '12345678', '012345678'],
      ['Zero_Pad_Client_ID', '4711', '0000004711'],
      ['Date_MMDDYYYY_To_ISO', '07/04/1976', '1976-07-04'],
      ['Date_YYYYMMDD_To_ISO', '19760704', '1976-07-04'],
      ['Date_ISO_To_MMDDYYYY', '1976-07-04', '07/04/1976'],
      ['Gender_Code_Map', 'female', 'F'],
      ['Relationship_Code_Map', '19', 'D'],
      ['Trim', '  Ada   Lovelace ', 'Ada Lovelace'],
      ['Uppercase', 'ada', 'ADA'],
      ['First_Name_From_Full_Name', 'Ada King Lovelace', 'Ada'],
      ['Last_Name_From_Full_Name', 'Ada King Lovelace', 'King Lovelace'],
      ['Default_Group', '', 'DEFAULT'],
      ['Zip_First_Five', '12345-6789', '12345'],
    ];
    for (const [name, input, value] of expected) {
      const page = await ok<TransformationPage>('GET', `/transformations?search=${name}`);
      const found = page.data.find((d) => d.name === name);
      expect(found, name).toBeDefined();
      expect(
        await ok('POST', '/transformations/test', { definition: found!.definition, input }),
        name,
      ).toEqual({ value });
    }
  });
});
