import jsonata from 'jsonata';
import type { RowFunction } from '@pillar/domain';

/*
 * Hand-written transformations: JSONata 2.2 expressions (design.md §2 "expressions", decision
 * 0118). JSONata is declarative and interprets its own tree: user text never reaches `eval` or
 * `new Function`. Every evaluation runs under JSONata's own guardrails (the `timeout`, `stack`
 * and `sequence` options of jsonata(), checked on every step of the evaluator), so a loop or an
 * unbounded recursion ends with an error instead of holding the worker. Two holes the guardrails
 * do not cover are closed here: a regular expression that can backtrack exponentially (one
 * RegExp call, not a step the evaluator sees) is refused when parsed, and $pad is capped so a
 * single call cannot build a huge string.
 */

export const EXPRESSION_LIMITS = {
  /** Milliseconds one evaluation (one row) may take. */
  timeoutMs: 250,
  /** How deep the evaluator may nest (JSONata counts every expression node it enters). */
  stackDepth: 500,
  /** The longest sequence (array, range) an evaluation may build. */
  sequenceLength: 100_000,
  /** The widest $pad. */
  padWidth: 10_000,
  /** The longest value an expression may answer (a field, not a document). */
  outputLength: 100_000,
} as const;

export const EXPRESSION_MESSAGES = {
  regexBacktracking:
    'This regular expression can take exponential time (a repeated group that itself repeats); rewrite it without nested repetition',
  padWidth: `$pad width must not exceed ${EXPRESSION_LIMITS.padWidth}`,
  notText: 'The expression must produce a text, number or true/false value, not a list or object',
  tooLong: `The expression produced more than ${EXPRESSION_LIMITS.outputLength} characters`,
} as const;

/** Why an expression failed: when it was read (parse) or when it ran on an input (evaluate). */
export class ExpressionError extends Error {
  readonly phase: 'parse' | 'evaluate';
  readonly code: string | undefined;
  readonly position: number | undefined;

  constructor(
    phase: 'parse' | 'evaluate',
    message: string,
    code: string | undefined,
    position: number | undefined,
  ) {
    super(message);
    this.name = 'ExpressionError';
    this.phase = phase;
    this.code = code;
    this.position = position;
  }
}

interface JsonataFailure {
  code?: string;
  message?: string;
  position?: number;
  token?: string;
}

/** JSONata's message with its code and position, as a person fixing the text needs it. */
function fromJsonata(phase: 'parse' | 'evaluate', error: unknown): ExpressionError {
  if (error instanceof ExpressionError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as JsonataFailure;
  const base =
    error instanceof RangeError
      ? 'The expression used too much memory or recursed too deeply'
      : (e.message ?? String(error));
  const where = typeof e.position === 'number' ? ` at position ${e.position}` : '';
  const code = e.code ? ` (${e.code})` : '';
  return new ExpressionError(phase, `${base}${where}${code}`, e.code, e.position);
}

/**
 * Star height above one: a quantified group whose body holds a quantifier ((a+)+, (a|aa)*,
 * (\d*){2,}), or a back-reference. The textbook shapes of catastrophic backtracking; plain
 * patterns (^\d{3}-\d{2}$, [A-Z]+) pass.
 */
export function mayBacktrack(source: string): boolean {
  if (/\\[1-9]|\\k</.test(source)) return true;
  const stack: boolean[] = []; // per open group: does its body quantify?
  let escaped = false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (escaped) {
      escaped = false;
      continue;
    }
    if (ch === '\\') {
      escaped = true;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') stack.push(false);
    else if (ch === ')') {
      const inner = stack.pop() ?? false;
      const next = source[i + 1];
      const quantified = next === '*' || next === '+' || next === '{' || next === '?';
      if (inner && quantified && next !== '?') return true;
      // A quantified group quantifies its enclosing group's body too.
      if ((inner || quantified) && stack.length > 0) stack[stack.length - 1] = true;
    } else if ((ch === '*' || ch === '+' || ch === '{') && stack.length > 0) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
}

/** Every regular expression literal in a parsed expression's tree. */
function regexesOf(node: unknown, found: RegExp[] = []): RegExp[] {
  if (node instanceof RegExp) found.push(node);
  else if (Array.isArray(node)) for (const n of node) regexesOf(n, found);
  else if (node !== null && typeof node === 'object')
    for (const v of Object.values(node)) regexesOf(v, found);
  return found;
}

/** A parsed expression, guarded, ready for rows. */
export interface CompiledExpression {
  /** One evaluation: the field's value as `$`, the variables (multi-field) as `$name`. */
  evaluate(
    input: string | null,
    variables?: Readonly<Record<string, string | null>>,
  ): Promise<string | null>;
}

/** JSONata's value as a field's text: undefined and null are absent; lists and objects refused. */
function asFieldValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else throw new ExpressionError('evaluate', EXPRESSION_MESSAGES.notText, undefined, undefined);
  if (text.length > EXPRESSION_LIMITS.outputLength)
    throw new ExpressionError('evaluate', EXPRESSION_MESSAGES.tooLong, undefined, undefined);
  return text;
}

/**
 * Parses `text` once (per job, per test) and answers an evaluator with the guardrails on.
 * Throws ExpressionError('parse') with JSONata's message and position when it does not parse.
 */
export function compileExpression(text: string): CompiledExpression {
  let expression: jsonata.Expression;
  try {
    expression = jsonata(text, {
      timeout: EXPRESSION_LIMITS.timeoutMs,
      stack: EXPRESSION_LIMITS.stackDepth,
      sequence: EXPRESSION_LIMITS.sequenceLength,
    });
  } catch (error) {
    throw fromJsonata('parse', error);
  }
  for (const re of regexesOf(expression.ast())) {
    if (mayBacktrack(re.source))
      throw new ExpressionError('parse', EXPRESSION_MESSAGES.regexBacktracking, 'P0001', undefined);
  }
  // $pad builds its padding in one call, out of the evaluator's sight: cap the width.
  expression.registerFunction(
    'pad',
    (str: string | undefined, width: number, char?: string) => {
      if (str === undefined) return undefined;
      if (Math.abs(width) > EXPRESSION_LIMITS.padWidth)
        throw new ExpressionError('evaluate', EXPRESSION_MESSAGES.padWidth, 'P0002', undefined);
      const fill = char === undefined || char.length === 0 ? ' ' : char;
      const w = Math.trunc(width);
      return w < 0 ? str.padStart(-w, fill) : str.padEnd(w, fill);
    },
    '<s-ns?:s>',
  );
  return {
    async evaluate(input, variables) {
      try {
        return asFieldValue(await expression.evaluate(input, variables ?? {}));
      } catch (error) {
        throw fromJsonata('evaluate', error);
      }
    },
  };
}

/**
 * A wizard kind's function in the same shape as an expression's, so a job treats every
 * transformation alike. `run` is synchronous; the promise costs one microtask a row.
 */
export type AsyncRowFunction = (
  input: string | null,
  variables?: Readonly<Record<string, string | null>>,
) => Promise<string | null>;

export function asAsync(fn: RowFunction): AsyncRowFunction {
  return (input, variables) => Promise.resolve(fn(input, variables));
}
