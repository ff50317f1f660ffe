import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileTransformation,
  expressionText,
  wizardDefinition,
  type WizardDefinition,
} from '@pillar/domain';
import {
  EXPRESSION_LIMITS,
  ExpressionError,
  compileExpression,
  mayBacktrack,
} from './expressions.ts';

/** The error an evaluation ends with (or null when it answers). */
async function failure(text: string, input: string | null = 'x'): Promise<ExpressionError | null> {
  try {
    await compileExpression(text).evaluate(input);
    return null;
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
}

describe('guardrails', () => {
  it('reports a parse error with JSONata message, code and position', () => {
    let error: unknown;
    try {
      compileExpression('$uppercase($');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error).toMatchObject({ phase: 'parse', code: 'S0203', position: 12 });
    expect((error as Error).message).toContain('at position 12');
  });

  it('ends unbounded recursion with the stack message and a loop with the timeout one', async () => {
    expect(await failure('($f := function($n){ $n + $f($n + 1) }; $f(0))')).toMatchObject({
      phase: 'evaluate',
      code: 'D1011',
    });
    const loop = await failure('($f := function(){ $f() }; $f())');
    expect(loop).toMatchObject({ code: 'D1012' });
    expect(loop!.message).toContain(`${EXPRESSION_LIMITS.timeoutMs} milliseconds`);
  });

  it('ends a string that doubles without bound and a $pad too wide, without holding the process', async () => {
    expect(
      await failure('($s := function($t, $n){ $n = 0 ? $t : $s($t & $t, $n - 1) }; $s("xx", 60))'),
    ).not.toBeNull();
    expect((await failure('$pad($, 1000000)'))!.message).toContain('$pad width');
    expect(await failure('$pad($, -5, "0")', '7')).toBeNull();
  });

  it('keeps the guardrails for every evaluation of one compiled expression', async () => {
    const compiled = compileExpression('$number($) > 0 ? ($f := function(){ $f() }; $f()) : "ok"');
    expect(await compiled.evaluate('0')).toBe('ok');
    await expect(compiled.evaluate('1')).rejects.toMatchObject({ code: 'D1012' });
    expect(await compiled.evaluate('-1')).toBe('ok');
  });

  it('binds the multi-field variables by name', async () => {
    const compiled = compileExpression('$last & ", " & $first');
    expect(await compiled.evaluate(null, { first: 'Ada', last: 'Lovelace' })).toBe(
      'Ada'.length ? 'Lovelace, Ada' : '',
    );
  });

  const regexes: [string, boolean][] = [
    ['(a+)+b', true],
    ['(a|aa)*c', false], // alternation without an inner quantifier: left (linear in practice here)
    ['(\\d*){2,}', true],
    ['((ab)*)+', true],
    ['(a)\\1', true],
    ['^\\d{3}-\\d{2}-\\d{4}$', false],
    ['[A-Z]+', false],
    ['(\\d{2})/(\\d{2})/(\\d{4})', false],
    ['[(a+)]+', false],
    ['\\(a+\\)+', false],
  ];
  it.each(regexes)('judges /%s/ as exponential: %s', (source, expected) => {
    expect(mayBacktrack(source)).toBe(expected);
  });
});

describe('a wizard kind and its JSONata text agree', () => {
  const definitions = fc.oneof(
    fc.record({
      kind: fc.constant('padding' as const),
      nullCheck: fc.boolean(),
      nullCheckWithOutput: fc.boolean(),
      direction: fc.constantFrom('left' as const, 'right' as const),
      padWith: fc.constantFrom('0', '9', '12'),
      digits: fc.integer({ min: 0, max: 12 }),
    }),
    fc
      .record({
        kind: fc.constant('substring' as const),
        nullCheck: fc.boolean(),
        nullCheckWithOutput: fc.boolean(),
        start: fc.integer({ min: 0, max: 10 }),
        end: fc.integer({ min: 0, max: 10 }),
      })
      .map((d) => ({ ...d, start: Math.min(d.start, d.end), end: Math.max(d.start, d.end) })),
    fc.record({
      kind: fc.constant('conversion' as const),
      nullCheck: fc.boolean(),
      nullCheckWithOutput: fc.boolean(),
      caseSensitive: fc.boolean(),
      values: fc.array(
        fc.record({
          from: fc.constantFrom('M', 'm', 'F', 'x y', '"q"', '1'),
          to: fc.string({ minLength: 1, maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    }),
    fc.record({
      kind: fc.constant('default' as const),
      mode: fc.constantFrom('always' as const, 'blank' as const),
      value: fc.string({ maxLength: 5 }),
    }),
  );
  const inputs = fc.oneof(
    fc.constant(null),
    fc.constantFrom('', '  ', 'M', 'm', 'x y', '"q"', '123456789012', 'ab'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 14 }),
  );

  it('on every input: the compiled closure equals JSONata on the text shown', async () => {
    await fc.assert(
      fc.asyncProperty(definitions, inputs, async (raw, input) => {
        const definition: WizardDefinition = wizardDefinition.parse(raw);
        const compiled = compileTransformation(definition)(input);
        const text = expressionText(definition);
        const viaJsonata = await compileExpression(text).evaluate(input);
        expect(viaJsonata, `${text} on ${JSON.stringify(input)}`).toBe(compiled);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the daily expressions', () => {
  it('$trim and $uppercase are idempotent and $trim leaves no outer or double spaces', async () => {
    const trim = compileExpression('$trim($)');
    const upper = compileExpression('$uppercase($)');
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme-ascii', maxLength: 20 }), async (s) => {
        const once = await trim.evaluate(s);
        expect(await trim.evaluate(once)).toBe(once);
        expect(once).not.toMatch(/^\s|\s$|\s\s/);
        const up = await upper.evaluate(s);
        expect(await upper.evaluate(up)).toBe(up);
      }),
      { numRuns: 200 },
    );
  });
});
