import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TRANSFORMATION_MESSAGES as M,
  compileConcatenation,
  compileMultiField,
  compileTransformation,
  definitionFromAnswers,
  generatorRequest,
  transformationInput,
  wizardDefinition,
  type RowFunction,
  type WizardDefinition,
} from './transformations.ts';

/** Parses (defaults filled) then compiles, as the server does. */
const compile = (raw: unknown) => compileTransformation(wizardDefinition.parse(raw));

const firstMessage = (raw: unknown) => {
  const parsed = wizardDefinition.safeParse(raw);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('padding', () => {
  const cases: [string, object, string | null, string | null][] = [
    ['left with zeros', { direction: 'left', padWith: '0', digits: 9 }, '12345', '000012345'],
    ['right with zeros', { direction: 'right', padWith: '0', digits: 5 }, '12', '12000'],
    [
      'a longer value is kept whole',
      { direction: 'left', padWith: '0', digits: 3 },
      '12345',
      '12345',
    ],
    ['exact width unchanged', { direction: 'left', padWith: '0', digits: 5 }, '12345', '12345'],
    ['multi-digit filler', { direction: 'left', padWith: '12', digits: 5 }, 'a', '1212a'],
    [
      'blank with null check and output: empty',
      { direction: 'left', padWith: '0', digits: 4 },
      '  ',
      '',
    ],
    [
      'null with null check and output: empty',
      { direction: 'left', padWith: '0', digits: 4 },
      null,
      '',
    ],
    [
      'null with null check, no output: null',
      { direction: 'left', padWith: '0', digits: 4, nullCheckWithOutput: false },
      null,
      null,
    ],
    [
      'null without null check: padded empty',
      { direction: 'left', padWith: '0', digits: 4, nullCheck: false },
      null,
      '0000',
    ],
    [
      'spaces without null check: padded as they are',
      { direction: 'right', padWith: '0', digits: 4, nullCheck: false },
      ' ',
      ' 000',
    ],
  ];
  it.each(cases)('%s', (_label, d, input, expected) => {
    expect(compile({ kind: 'padding', ...d })(input)).toBe(expected);
  });

  it('accepts the wizard text form and refuses leading zeros, negatives and words', () => {
    expect(compile({ kind: 'padding', direction: 'left', padWith: '0', digits: '9' })('1')).toBe(
      '000000001',
    );
    for (const digits of ['09', '-1', 'ten', '1.5', '']) {
      expect(firstMessage({ kind: 'padding', direction: 'left', padWith: '0', digits })).toBe(
        M.wholeNumber('Padding digits'),
      );
    }
    expect(firstMessage({ kind: 'padding', direction: 'left', padWith: '00', digits: 2 })).toBe(
      M.wholeNumber('Pad with'),
    );
    expect(firstMessage({ kind: 'padding', direction: 'up', padWith: '0', digits: 2 })).toBe(
      'Direction must be left or right',
    );
    expect(firstMessage({ kind: 'padding', direction: 'left', padWith: '0', digits: 5000 })).toBe(
      M.tooLarge('Padding digits'),
    );
  });

  it('pads to at least the width, keeps the value at its end (left) or start (right)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }).filter((s) => s.trim() !== ''),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('left', 'right'),
        (value, digits, direction) => {
          const out = compile({ kind: 'padding', direction, padWith: '0', digits })(value)!;
          expect(out.length).toBe(Math.max(value.length, digits));
          if (direction === 'left') expect(out.endsWith(value)).toBe(true);
          else expect(out.startsWith(value)).toBe(true);
          // Padding is idempotent: a padded value is already wide enough.
          expect(compile({ kind: 'padding', direction, padWith: '0', digits })(out)).toBe(out);
        },
      ),
    );
  });
});

describe('substring', () => {
  const cases: [string, number, number, string | null, string | null][] = [
    ['the middle', 1, 3, 'abcdef', 'bc'],
    ['from the start', 0, 3, 'abcdef', 'abc'],
    ['end beyond the value', 2, 100, 'abcdef', 'cdef'],
    ['start beyond the value', 10, 20, 'abcdef', ''],
    ['start = end', 2, 2, 'abcdef', ''],
    ['a surrogate pair is one character', 0, 2, '😀ab', '😀a'],
    ['null checked', 0, 2, null, ''],
  ];
  it.each(cases)('%s', (_label, start, end, input, expected) => {
    expect(compile({ kind: 'substring', start, end })(input)).toBe(expected);
  });

  it('refuses a negative position and an end before the start', () => {
    expect(firstMessage({ kind: 'substring', start: -1, end: 2 })).toBe(
      M.wholeNumber('Starting position'),
    );
    expect(firstMessage({ kind: 'substring', start: '01', end: 2 })).toBe(
      M.wholeNumber('Starting position'),
    );
    const parsed = wizardDefinition.safeParse({ kind: 'substring', start: 5, end: 2 });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ message: M.endBeforeStart, path: ['end'] });
  });

  it('is a slice of the value no longer than end - start', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary-ascii', maxLength: 20 }).filter((s) => s.trim() !== ''),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 25 }),
        (value, a, b) => {
          const [start, end] = a <= b ? [a, b] : [b, a];
          const out = compile({ kind: 'substring', start, end })(value)!;
          expect(out).toBe(value.slice(start, end));
          expect(out.length).toBeLessThanOrEqual(end - start);
        },
      ),
    );
  });
});

describe('conversion (value map)', () => {
  const gender = [
    { from: 'M', to: '1' },
    { from: 'F', to: '2' },
    { from: 'm', to: 'x' },
  ];
  const cases: [string, boolean, string | null, string | null][] = [
    ['case-sensitive match', true, 'M', '1'],
    ['case-sensitive second row', true, 'm', 'x'],
    ['case-sensitive, no match passes through', true, 'f', 'f'],
    ['case-insensitive match', false, 'f', '2'],
    ['case-insensitive: the first row of a value wins', false, 'm', '1'],
    ['unmapped value passes through', false, 'U', 'U'],
    ['blank is null-checked', false, '', ''],
  ];
  it.each(cases)('%s', (_label, caseSensitive, input, expected) => {
    expect(compile({ kind: 'conversion', caseSensitive, values: gender })(input)).toBe(expected);
  });

  it('holds 1 to 99 rows, each with from and to, with the spec messages', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ from: `${i}`, to: 'x' }));
    expect(firstMessage({ kind: 'conversion', values: [] })).toBe(M.valueMapRange);
    expect(firstMessage({ kind: 'conversion', values: rows(100) })).toBe(M.valueMapRange);
    expect(firstMessage({ kind: 'conversion', values: rows(99) })).toBeNull();
    expect(firstMessage({ kind: 'conversion', values: [{ from: 'a', to: '' }] })).toBe(
      M.valueMapRow,
    );
    expect(firstMessage({ kind: 'conversion', values: [{ from: 'a' }] })).toBe(M.valueMapRow);
    expect(firstMessage({ kind: 'conversion', values: [{ from: '', to: 'b' }] })).toBe(
      M.valueMapRow,
    );
  });
});

describe('default', () => {
  const cases: [string, 'always' | 'blank', string | null, string | null][] = [
    ['always replaces a value', 'always', 'ABC', 'G100'],
    ['always replaces null', 'always', null, 'G100'],
    ['blank keeps a value', 'blank', 'ABC', 'ABC'],
    ['blank fills null', 'blank', null, 'G100'],
    ['blank fills spaces', 'blank', '   ', 'G100'],
  ];
  it.each(cases)('%s', (_label, mode, input, expected) => {
    expect(compile({ kind: 'default', mode, value: 'G100' })(input)).toBe(expected);
  });
  it('is "always" unless told (spec 3 §4 defaults)', () => {
    expect(wizardDefinition.parse({ kind: 'default', value: 'x' })).toMatchObject({
      mode: 'always',
    });
  });
});

describe('the wizard positional answers', () => {
  const ok = (kind: Parameters<typeof definitionFromAnswers>[0], answers: string[]) => {
    const result = definitionFromAnswers(kind, answers);
    if (!result.ok) throw new Error(`${result.field}: ${result.message}`);
    return result.definition;
  };

  it('reads each kind in the question order', () => {
    expect(ok('padding', ['yes', 'no', 'left', '0', '9'])).toEqual({
      kind: 'padding',
      nullCheck: true,
      nullCheckWithOutput: false,
      direction: 'left',
      padWith: '0',
      digits: 9,
    } satisfies WizardDefinition);
    expect(ok('substring', ['no', 'no', '0', '4'])).toMatchObject({ start: 0, end: 4 });
    expect(ok('conversion', ['yes', 'yes', 'no', '2', 'M', '1', 'F', '2'])).toEqual({
      kind: 'conversion',
      nullCheck: true,
      nullCheckWithOutput: true,
      caseSensitive: false,
      values: [
        { from: 'M', to: '1' },
        { from: 'F', to: '2' },
      ],
    });
    expect(ok('default', ['blank', 'G1'])).toEqual({ kind: 'default', mode: 'blank', value: 'G1' });
  });

  it('names the answer that is wrong, with the spec messages', () => {
    const fail = (kind: Parameters<typeof definitionFromAnswers>[0], answers: string[]) =>
      definitionFromAnswers(kind, answers);
    expect(fail('padding', ['maybe', 'no', 'left', '0', '9'])).toMatchObject({
      ok: false,
      field: 'answers.0',
    });
    expect(fail('padding', ['yes', 'no', 'left', '0'])).toMatchObject({ field: 'answers' });
    expect(fail('padding', ['yes', 'no', 'left', '0', '007'])).toMatchObject({
      field: 'definition.digits',
      message: M.wholeNumber('Padding digits'),
    });
    expect(fail('conversion', ['yes', 'yes', 'no', '0'])).toMatchObject({
      field: 'answers.3',
      message: M.valueMapRange,
    });
    expect(fail('conversion', ['yes', 'yes', 'no', '100'])).toMatchObject({
      message: M.valueMapRange,
    });
    expect(fail('conversion', ['yes', 'yes', 'no', '2', 'M', '1', 'F'])).toMatchObject({
      message: M.valueMapRow,
    });
    expect(fail('conversion', ['yes', 'yes', 'no', '1', 'M', ''])).toMatchObject({
      field: 'definition.values.0.to',
      message: M.valueMapRow,
    });
    expect(fail('substring', ['yes', 'yes', '4', '2'])).toMatchObject({
      field: 'definition.end',
      message: M.endBeforeStart,
    });
  });

  it('refuses a name with anything but letters, digits and underscores', () => {
    const base = { description: 'd', transformationType: 'padding', input: 'x' };
    for (const name of ['has space', 'dash-ed', 'ünï', 'a.b']) {
      const parsed = generatorRequest.safeParse({
        transformationRequest: { ...base, name },
        answers: [],
      });
      expect(parsed.error?.issues[0]?.message).toBe(M.nameFormat);
    }
    const parsed = transformationInput.safeParse({
      name: ' Zero_Pad_9 ',
      description: 'd',
      definition: { kind: 'expression', expression: '$' },
    });
    expect(parsed.data?.name).toBe('Zero_Pad_9');
    expect(
      transformationInput.safeParse({
        name: 'x',
        description: ' ',
        definition: { kind: 'default', value: '' },
      }).error?.issues[0]?.message,
    ).toBe(M.descriptionRequired);
  });
});

describe('concatenation and multi-field', () => {
  const upper: RowFunction = (v) => (v === null ? null : v.toUpperCase());
  const pad9 = compile({ kind: 'padding', direction: 'left', padWith: '0', digits: 9 });
  const resolve = (name: string): RowFunction => {
    if (name === 'upper') return upper;
    if (name === 'pad9') return pad9;
    if (name === 'full')
      return (_input, vars) => `${vars?.['last'] ?? ''}, ${vars?.['first'] ?? ''}`;
    throw new Error(`unknown ${name}`);
  };

  it('joins literals and fields, a field through its transformation, absent fields empty', () => {
    const concat = compileConcatenation(
      [
        { type: 'schemaField', value: 'last', transformation: 'upper' },
        { type: 'literal', value: ', ' },
        { type: 'schemaField', value: 'first' },
        { type: 'literal', value: ' #' },
        { type: 'schemaField', value: 'ssn', transformation: 'pad9' },
        { type: 'schemaField', value: 'missing' },
      ],
      resolve,
    );
    expect(concat({ first: 'Ada', last: 'Lovelace', ssn: '12345' })).toBe(
      'LOVELACE, Ada #000012345',
    );
    expect(concat({ first: null, last: null, ssn: null })).toBe(',  #');
  });

  it('binds each variable from its field (through its transformation) and combines them', () => {
    const multi = compileMultiField(
      {
        variables: [
          { variableName: 'first', schemaField: 'FNAME' },
          { variableName: 'last', schemaField: 'LNAME', transformation: 'upper' },
        ],
        transformation: 'full',
      },
      resolve,
    );
    expect(multi({ FNAME: 'Grace', LNAME: 'Hopper' })).toBe('HOPPER, Grace');
    expect(multi({})).toBe(', ');
  });

  it('resolves each named transformation once, when compiled, not per row', () => {
    let resolved = 0;
    const counting = (name: string) => {
      resolved++;
      return resolve(name);
    };
    const concat = compileConcatenation(
      [{ type: 'schemaField', value: 'a', transformation: 'upper' }],
      counting,
    );
    for (let i = 0; i < 5; i++) concat({ a: 'x' });
    expect(resolved).toBe(1);
  });
});
