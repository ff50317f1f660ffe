import { z } from 'zod';
import { pageSchema, pagingQuery } from './paging.ts';
import { int4Id } from './validation.ts';

/*
 * Data mapper transformations (spec 3 §2 "Transformations page", "Transformation wizard and
 * drawer", §3 "Transformation", §4 "Transformation wizard", §5 "Transformations", §7 "Data
 * mapping service"; decision 0118).
 *
 * A transformation is either a hand-written JSONata expression (evaluated by the server with its
 * guardrails) or one of the wizard's four kinds, stored as a typed definition and compiled here
 * into a plain closure: no eval, no `new Function`, no interpreter in the row loop. The same
 * compiled function answers the Test button and a mapping job, so they cannot disagree.
 * Concatenations and multi-field transforms (a template's ccargs and ctargs) compile the same way.
 */

// ---- Limits (spec 3 §9, decision 0118) ----

export const TRANSFORMATION_NAME_MAX_LENGTH = 100;
export const TRANSFORMATION_DESCRIPTION_MAX_LENGTH = 500;
export const TRANSFORMATION_EXPRESSION_MAX_LENGTH = 4000;
/** A test input, a default value, a value-map cell, a literal: one field's value. */
export const TRANSFORMATION_VALUE_MAX_LENGTH = 1000;
/** Spec 3 §9: value-map rows 1 to 99. */
export const VALUE_MAP_MIN_ROWS = 1;
export const VALUE_MAP_MAX_ROWS = 99;
/** The widest padding and the furthest substring position (a field is never this long). */
export const TRANSFORMATION_MAX_POSITION = 1000;
/** Most entries of one concatenation or multi-field transform. */
export const COMPOSITE_MAX_ENTRIES = 50;
/** Spec 3 §9: the wizard has up to 9 steps. */
export const TRANSFORMATION_WIZARD_MAX_STEPS = 9;

// ---- Messages (spec 3 §5 "Transformations", §2, §8) ----

export const TRANSFORMATION_MESSAGES = {
  nameFormat: 'Name can only contain alphanumeric characters or underscores',
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  expressionRequired: 'Expression is required',
  inputRequired: 'Input is required',
  typeRequired: 'Type is required',
  valueRequired: 'Value is required',
  variableRequired: 'Variable is required',
  sourceFieldRequired: 'Source field is required',
  valueMapRange: 'Please provide values in range of 1 to 99',
  valueMapRow: 'From, and to are required for each field',
  locked: 'This cannot be edited because it is already being used in a mapping template',
  created: 'Transformation Created',
  failed: 'Failed Please Try Again!',
  // Ours (the spec names the rule, not its text; decision 0118):
  nameTaken: 'A transformation with this name already exists',
  wholeNumber: (label: string) =>
    `${label} must be a non-negative whole number without leading zeros`,
  tooLarge: (label: string) => `${label} must not exceed ${TRANSFORMATION_MAX_POSITION}`,
  tooLong: (label: string, max: number) => `${label} must not exceed ${max} characters`,
  endBeforeStart: 'Ending position must not be before the starting position',
  yesNo: (label: string) => `${label} must be yes or no`,
  answerCount: (type: string, count: number) => `A ${type} transformation takes ${count} answers`,
  variableFormat:
    'Variable can only contain letters, digits or underscores, starting with a letter',
  variableTwice: 'Each variable may be used once',
} as const;

// ---- Kinds ----

/** The wizard's four kinds (spec 3 §4), in the order the wizard offers them. */
export const WIZARD_KINDS = ['padding', 'substring', 'conversion', 'default'] as const;
export type WizardKind = (typeof WIZARD_KINDS)[number];
export const TRANSFORMATION_KINDS = ['expression', ...WIZARD_KINDS] as const;
export type TransformationKind = (typeof TRANSFORMATION_KINDS)[number];

export const WIZARD_KIND_LABELS: Record<WizardKind, string> = {
  padding: 'Padding',
  substring: 'Substring',
  conversion: 'Conversion',
  default: 'Default',
};

// ---- Field schemas ----

const required = (message: string) => ({ error: message });

function boundedText(label: string, max: number, requiredMessage: string) {
  return z
    .string(required(requiredMessage))
    .max(max, { error: TRANSFORMATION_MESSAGES.tooLong(label, max), abort: true })
    .refine((s) => s.trim().length > 0, { error: requiredMessage });
}

/** Name: letters, digits, underscore only (spec 3 §5); trimmed first. */
export const transformationNameSchema = z
  .string(required(TRANSFORMATION_MESSAGES.nameRequired))
  .max(TRANSFORMATION_NAME_MAX_LENGTH * 4, {
    error: TRANSFORMATION_MESSAGES.tooLong('Name', TRANSFORMATION_NAME_MAX_LENGTH),
    abort: true,
  })
  .trim()
  .min(1, { error: TRANSFORMATION_MESSAGES.nameRequired, abort: true })
  .max(TRANSFORMATION_NAME_MAX_LENGTH, {
    error: TRANSFORMATION_MESSAGES.tooLong('Name', TRANSFORMATION_NAME_MAX_LENGTH),
    abort: true,
  })
  .regex(/^[A-Za-z0-9_]+$/, TRANSFORMATION_MESSAGES.nameFormat);

export const transformationDescriptionSchema = boundedText(
  'Description',
  TRANSFORMATION_DESCRIPTION_MAX_LENGTH,
  TRANSFORMATION_MESSAGES.descriptionRequired,
);

export const transformationExpressionSchema = boundedText(
  'Expression',
  TRANSFORMATION_EXPRESSION_MAX_LENGTH,
  TRANSFORMATION_MESSAGES.expressionRequired,
);

/** A value a transformation reads or writes: any text up to the limit (blank allowed). */
const valueText = (label: string) =>
  z.string().max(TRANSFORMATION_VALUE_MAX_LENGTH, {
    error: TRANSFORMATION_MESSAGES.tooLong(label, TRANSFORMATION_VALUE_MAX_LENGTH),
  });

/** A test input: null is a blank (absent) field. */
export const transformationInputSchema = valueText('Input').nullable();

/**
 * Spec 3 §5: pad with, padding digits, start and end "must be non-negative integers without
 * leading zeros". The wizard sends text, typed definitions send numbers; both are checked as text.
 */
function wholeNumber(label: string) {
  return z
    .union([z.number(), z.string()], { error: TRANSFORMATION_MESSAGES.wholeNumber(label) })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .regex(/^(0|[1-9][0-9]{0,5})$/, TRANSFORMATION_MESSAGES.wholeNumber(label))
        .transform(Number)
        .pipe(z.number().max(TRANSFORMATION_MAX_POSITION, TRANSFORMATION_MESSAGES.tooLarge(label))),
    );
}

/** Null checks (spec 3 §4: "null check, null check with output"; decision 0118). */
const nullChecks = {
  /** A blank input (null, empty or only spaces) is not transformed. */
  nullCheck: z.boolean().default(true),
  /** With the null check: a blank input answers '' (an empty column) rather than null. */
  nullCheckWithOutput: z.boolean().default(true),
};

export const paddingDefinition = z.object({
  kind: z.literal('padding'),
  ...nullChecks,
  direction: z.enum(['left', 'right'], { error: 'Direction must be left or right' }),
  /** The text repeated to fill: a non-negative integer, as spec 3 §5 says (typically 0). */
  padWith: wholeNumber('Pad with').transform(String),
  /** The width the value is padded to. */
  digits: wholeNumber('Padding digits'),
});
export type PaddingDefinition = z.infer<typeof paddingDefinition>;

export const substringDefinition = z
  .object({
    kind: z.literal('substring'),
    ...nullChecks,
    /** 0-based position of the first character kept. */
    start: wholeNumber('Starting position'),
    /** 0-based position after the last character kept (String.prototype.substring). */
    end: wholeNumber('Ending position'),
  })
  .refine((d) => d.end >= d.start, {
    error: TRANSFORMATION_MESSAGES.endBeforeStart,
    path: ['end'],
  });
export type SubstringDefinition = z.infer<typeof substringDefinition>;

export const valueMapRow = z.object({
  from: z
    .string(required(TRANSFORMATION_MESSAGES.valueMapRow))
    .max(TRANSFORMATION_VALUE_MAX_LENGTH, TRANSFORMATION_MESSAGES.tooLong('From', 1000))
    .refine((s) => s.length > 0, TRANSFORMATION_MESSAGES.valueMapRow),
  to: z
    .string(required(TRANSFORMATION_MESSAGES.valueMapRow))
    .max(TRANSFORMATION_VALUE_MAX_LENGTH, TRANSFORMATION_MESSAGES.tooLong('To', 1000))
    .refine((s) => s.length > 0, TRANSFORMATION_MESSAGES.valueMapRow),
});
export type ValueMapRow = z.infer<typeof valueMapRow>;

export const conversionDefinition = z.object({
  kind: z.literal('conversion'),
  ...nullChecks,
  /** "Capitalization matters" (spec 3 §4), yes by default. */
  caseSensitive: z.boolean().default(true),
  values: z
    .array(valueMapRow, { error: TRANSFORMATION_MESSAGES.valueMapRange })
    .min(VALUE_MAP_MIN_ROWS, TRANSFORMATION_MESSAGES.valueMapRange)
    .max(VALUE_MAP_MAX_ROWS, TRANSFORMATION_MESSAGES.valueMapRange),
});
export type ConversionDefinition = z.infer<typeof conversionDefinition>;

export const DEFAULT_MODES = ['always', 'blank'] as const;
export type DefaultMode = (typeof DEFAULT_MODES)[number];

export const defaultDefinition = z.object({
  kind: z.literal('default'),
  /** 'always': every value becomes the default; 'blank': only a blank one (spec 3 §4). */
  mode: z.enum(DEFAULT_MODES, { error: 'Mode must be always or blank' }).default('always'),
  value: valueText('Default value'),
});
export type DefaultDefinition = z.infer<typeof defaultDefinition>;

export const expressionDefinition = z.object({
  kind: z.literal('expression'),
  expression: transformationExpressionSchema,
});
export type ExpressionDefinition = z.infer<typeof expressionDefinition>;

export const wizardDefinition = z.discriminatedUnion('kind', [
  paddingDefinition,
  substringDefinition,
  conversionDefinition,
  defaultDefinition,
]);
export type WizardDefinition = z.infer<typeof wizardDefinition>;

export const transformationDefinition = z.discriminatedUnion(
  'kind',
  [
    expressionDefinition,
    paddingDefinition,
    substringDefinition,
    conversionDefinition,
    defaultDefinition,
  ],
  { error: `kind must be one of ${TRANSFORMATION_KINDS.join(', ')}` },
);
export type TransformationDefinition = z.infer<typeof transformationDefinition>;

/**
 * A definition as the server answers it: the checked definition's output, with no transforms
 * (an answer schema serializes; it does not parse wizard text again).
 */
const storedNullChecks = { nullCheck: z.boolean(), nullCheckWithOutput: z.boolean() };
export const storedDefinition = z.discriminatedUnion('kind', [
  expressionDefinition,
  z.object({
    kind: z.literal('padding'),
    ...storedNullChecks,
    direction: z.enum(['left', 'right']),
    padWith: z.string(),
    digits: z.number().int(),
  }),
  z.object({
    kind: z.literal('substring'),
    ...storedNullChecks,
    start: z.number().int(),
    end: z.number().int(),
  }),
  z.object({
    kind: z.literal('conversion'),
    ...storedNullChecks,
    caseSensitive: z.boolean(),
    values: z.array(z.object({ from: z.string(), to: z.string() })),
  }),
  z.object({ kind: z.literal('default'), mode: z.enum(DEFAULT_MODES), value: z.string() }),
]);

// ---- The compiler ----

/** A compiled transformation: one field value in, one out (null: blank / absent). */
export type CompiledTransformation = (input: string | null) => string | null;

/** Blank: null, empty, or only spaces, tabs and line breaks (what JSONata's $trim removes). */
const BLANK = /^[ \t\n\r]*$/;
const isBlank = (v: string | null): boolean => v === null || BLANK.test(v);

/** Wraps `run` in the null checks (decision 0118). Without them, a null input is read as ''. */
function withNullChecks(
  d: { nullCheck: boolean; nullCheckWithOutput: boolean },
  run: (input: string) => string,
): CompiledTransformation {
  if (!d.nullCheck) return (input) => run(input ?? '');
  const blank = d.nullCheckWithOutput ? '' : null;
  return (input) => (input === null || isBlank(input) ? blank : run(input));
}

/**
 * Compiles a wizard definition once (per job, per test) into a plain closure. Everything that can
 * be decided before the rows (direction, widths, the value map as a Map) is decided here.
 */
export function compileTransformation(definition: WizardDefinition): CompiledTransformation {
  switch (definition.kind) {
    case 'padding': {
      const { digits, padWith } = definition;
      const pad =
        definition.direction === 'left'
          ? (v: string) => v.padStart(digits, padWith)
          : (v: string) => v.padEnd(digits, padWith);
      return withNullChecks(definition, pad);
    }
    case 'substring': {
      const { start, end } = definition;
      // Code points, as JSONata's $substring counts them (a surrogate pair is one character).
      return withNullChecks(definition, (v) =>
        /[\uD800-\uDFFF]/.test(v)
          ? Array.from(v).slice(start, end).join('')
          : v.substring(start, end),
      );
    }
    case 'conversion': {
      const map = new Map<string, string>();
      const key = definition.caseSensitive ? (v: string) => v : (v: string) => v.toLowerCase();
      // The first row for a value wins, as the screen's table reads top to bottom.
      for (const row of definition.values)
        if (!map.has(key(row.from))) map.set(key(row.from), row.to);
      // A value the map does not name passes through unchanged (decision 0118).
      return withNullChecks(definition, (v) => map.get(key(v)) ?? v);
    }
    case 'default': {
      const { value } = definition;
      if (definition.mode === 'always') return () => value;
      return (input) => (isBlank(input) ? value : input);
    }
  }
}

// ---- The same definition as JSONata text (shown read-only on the page) ----

const jsonString = (s: string) => JSON.stringify(s);

function nullGuard(d: { nullCheck: boolean; nullCheckWithOutput: boolean }, body: string): string {
  if (!d.nullCheck) return `($v := $exists($) and $ != null ? $string($) : ""; ${body})`;
  const blank = d.nullCheckWithOutput ? '""' : 'null';
  return `($v := $exists($) and $ != null ? $string($) : ""; $trim($v) = "" ? ${blank} : ${body})`;
}

/**
 * The JSONata expression that computes what `compileTransformation(definition)` computes: the
 * page shows it read-only, and a hand-written transformation can start from it. The server's
 * tests evaluate both on the same inputs.
 */
export function expressionText(definition: WizardDefinition): string {
  switch (definition.kind) {
    case 'padding': {
      const width = definition.direction === 'left' ? -definition.digits : definition.digits;
      return nullGuard(definition, `$pad($v, ${width}, ${jsonString(definition.padWith)})`);
    }
    case 'substring':
      return nullGuard(
        definition,
        `$substring($v, ${definition.start}, ${definition.end - definition.start})`,
      );
    case 'conversion': {
      const seen = new Set<string>();
      const pairs: string[] = [];
      const fold = (s: string) => (definition.caseSensitive ? s : s.toLowerCase());
      for (const row of definition.values) {
        const k = fold(row.from);
        if (seen.has(k)) continue;
        seen.add(k);
        pairs.push(`${jsonString(k)}: ${jsonString(row.to)}`);
      }
      const key = definition.caseSensitive ? '$v' : '$lowercase($v)';
      return nullGuard(
        definition,
        `($m := {${pairs.join(', ')}}; $k := ${key}; $exists($lookup($m, $k)) ? $lookup($m, $k) : $v)`,
      );
    }
    case 'default': {
      const value = jsonString(definition.value);
      if (definition.mode === 'always') return value;
      return `($exists($) and $ != null and $trim($string($)) != "" ? $ : ${value})`;
    }
  }
}

// ---- The wizard's positional answers (spec 3 §7 POST /transformations/generator) ----

/**
 * The answers, as the wizard sends them, one per question after type, name and description:
 * - padding: nullCheck, nullCheckWithOutput, direction, padWith, digits
 * - substring: nullCheck, nullCheckWithOutput, start, end
 * - conversion: nullCheck, nullCheckWithOutput, caseSensitive, N, then N pairs of from and to
 * - default: mode ('always' | 'blank'), value
 * Yes/no answers are 'yes' or 'no' (true/false also read). Decision 0118.
 */
export const ANSWER_COUNTS: Record<WizardKind, number> = {
  padding: 5,
  substring: 4,
  conversion: 4,
  default: 2,
};

export const generatorAnswers = z
  .array(
    z
      .string({ error: 'Each answer must be text' })
      .max(TRANSFORMATION_VALUE_MAX_LENGTH, TRANSFORMATION_MESSAGES.tooLong('An answer', 1000)),
    { error: 'answers must be a list' },
  )
  .max(4 + VALUE_MAP_MAX_ROWS * 2 + 2, 'Too many answers');

export type AnswersResult =
  { ok: true; definition: WizardDefinition } | { ok: false; field: string; message: string };

function yesNo(answer: string | undefined): boolean | undefined {
  const a = (answer ?? '').trim().toLowerCase();
  if (a === 'yes' || a === 'y' || a === 'true') return true;
  if (a === 'no' || a === 'n' || a === 'false') return false;
  return undefined;
}

/** Turns the positional answers of `kind` into a checked definition, or the first problem. */
export function definitionFromAnswers(kind: WizardKind, answers: readonly string[]): AnswersResult {
  const fail = (field: string, message: string): AnswersResult => ({ ok: false, field, message });
  const count = ANSWER_COUNTS[kind];
  if (answers.length < count)
    return fail('answers', TRANSFORMATION_MESSAGES.answerCount(kind, count));
  let raw: Record<string, unknown>;
  const checks = (): Record<string, unknown> | AnswersResult => {
    const nullCheck = yesNo(answers[0]);
    if (nullCheck === undefined)
      return fail('answers.0', TRANSFORMATION_MESSAGES.yesNo('Null check'));
    const nullCheckWithOutput = yesNo(answers[1]);
    if (nullCheckWithOutput === undefined)
      return fail('answers.1', TRANSFORMATION_MESSAGES.yesNo('Null check with output'));
    return { nullCheck, nullCheckWithOutput };
  };
  if (kind === 'default') {
    raw = { kind, mode: (answers[0] ?? '').trim().toLowerCase(), value: answers[1] };
    if (answers.length !== count)
      return fail('answers', TRANSFORMATION_MESSAGES.answerCount(kind, count));
  } else {
    const nc = checks();
    if ('ok' in nc) return nc as AnswersResult;
    if (kind === 'padding') {
      if (answers.length !== count)
        return fail('answers', TRANSFORMATION_MESSAGES.answerCount(kind, count));
      raw = {
        kind,
        ...nc,
        direction: (answers[2] ?? '').trim().toLowerCase(),
        padWith: answers[3],
        digits: answers[4],
      };
    } else if (kind === 'substring') {
      if (answers.length !== count)
        return fail('answers', TRANSFORMATION_MESSAGES.answerCount(kind, count));
      raw = { kind, ...nc, start: answers[2], end: answers[3] };
    } else {
      const caseSensitive = yesNo(answers[2]);
      if (caseSensitive === undefined)
        return fail('answers.2', TRANSFORMATION_MESSAGES.yesNo('Capitalization matters'));
      const n = (answers[3] ?? '').trim();
      if (!/^[1-9][0-9]?$/.test(n)) return fail('answers.3', TRANSFORMATION_MESSAGES.valueMapRange);
      const rows = Number(n);
      if (answers.length !== count + rows * 2)
        return fail('answers', TRANSFORMATION_MESSAGES.valueMapRow);
      const values = Array.from({ length: rows }, (_, i) => ({
        from: answers[count + i * 2],
        to: answers[count + i * 2 + 1],
      }));
      raw = { kind, ...nc, caseSensitive, values };
    }
  }
  const parsed = wizardDefinition.safeParse(raw);
  if (parsed.success) return { ok: true, definition: parsed.data };
  const issue = parsed.error.issues[0]!;
  return fail(['definition', ...issue.path.map(String)].join('.'), issue.message);
}

// ---- Concatenation and multi-field transforms (a template's ccargs and ctargs) ----

export const CONCATENATION_ENTRY_TYPES = ['schemaField', 'literal'] as const;

/** A transformation named by a template (by name, as spec 3 §3's transformationParam.name). */
const transformationRef = z
  .string()
  .max(TRANSFORMATION_NAME_MAX_LENGTH, TRANSFORMATION_MESSAGES.tooLong('Transformation', 100))
  .regex(/^[A-Za-z0-9_]+$/, TRANSFORMATION_MESSAGES.nameFormat)
  .nullish();

export const concatenationEntry = z.object({
  type: z.enum(CONCATENATION_ENTRY_TYPES, { error: TRANSFORMATION_MESSAGES.typeRequired }),
  /** A source field's name (schemaField) or the text itself (literal; a space is a value). */
  value: z
    .string(required(TRANSFORMATION_MESSAGES.valueRequired))
    .min(1, TRANSFORMATION_MESSAGES.valueRequired)
    .max(TRANSFORMATION_VALUE_MAX_LENGTH, TRANSFORMATION_MESSAGES.tooLong('Value', 1000)),
  transformation: transformationRef,
});
export type ConcatenationEntry = z.infer<typeof concatenationEntry>;
export const concatenation = z.array(concatenationEntry).min(1).max(COMPOSITE_MAX_ENTRIES);

export const multiFieldVariable = z.object({
  variableName: z
    .string(required(TRANSFORMATION_MESSAGES.variableRequired))
    .min(1, TRANSFORMATION_MESSAGES.variableRequired)
    .max(50, TRANSFORMATION_MESSAGES.tooLong('Variable', 50))
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, TRANSFORMATION_MESSAGES.variableFormat),
  schemaField: z
    .string(required(TRANSFORMATION_MESSAGES.sourceFieldRequired))
    .min(1, TRANSFORMATION_MESSAGES.sourceFieldRequired)
    .max(TRANSFORMATION_NAME_MAX_LENGTH * 2, TRANSFORMATION_MESSAGES.tooLong('Source field', 200)),
  /** Applied to the field's value before it is bound to the variable. */
  transformation: transformationRef,
});
export type MultiFieldVariable = z.infer<typeof multiFieldVariable>;

export const multiFieldTransform = z.object({
  variables: z
    .array(multiFieldVariable)
    .min(1)
    .max(COMPOSITE_MAX_ENTRIES)
    .refine((vs) => new Set(vs.map((v) => v.variableName)).size === vs.length, {
      error: TRANSFORMATION_MESSAGES.variableTwice,
    }),
  /** The transformation that combines the variables (a hand-written expression reads them). */
  transformation: z
    .string(required(TRANSFORMATION_MESSAGES.expressionRequired))
    .max(TRANSFORMATION_NAME_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_]+$/, TRANSFORMATION_MESSAGES.nameFormat),
});
export type MultiFieldTransform = z.infer<typeof multiFieldTransform>;

/** A source row: field name to value (null: absent or blank). */
export type SourceRow = Readonly<Record<string, string | null | undefined>>;
/**
 * A transformation ready for rows, with the variables a multi-field transform binds. Wizard kinds
 * ignore the variables; the server's compiled expressions read them (as `$name`).
 */
export type RowFunction = (
  input: string | null,
  variables?: Readonly<Record<string, string | null>>,
) => string | null;
/** Finds a compiled transformation by name; the caller compiles each once per job. */
export type Resolve = (name: string) => RowFunction;

/** One target value from a concatenation: each entry's text (transformed if named), joined. */
export function compileConcatenation(
  entries: readonly ConcatenationEntry[],
  resolve: Resolve,
): (row: SourceRow) => string {
  const parts = entries.map((entry) => {
    const read =
      entry.type === 'literal' ? () => entry.value : (row: SourceRow) => row[entry.value] ?? null;
    if (!entry.transformation) return (row: SourceRow) => read(row) ?? '';
    const transform = resolve(entry.transformation);
    return (row: SourceRow) => transform(read(row)) ?? '';
  });
  return (row) => {
    let out = '';
    for (const part of parts) out += part(row);
    return out;
  };
}

/**
 * One target value from several source fields: each variable takes its field's value (through
 * its own transformation if named), then the combining transformation runs with the variables
 * bound and the first variable's value as its input.
 */
export function compileMultiField(
  transform: MultiFieldTransform,
  resolve: Resolve,
): (row: SourceRow) => string | null {
  const bindings = transform.variables.map((v) => {
    const pre = v.transformation ? resolve(v.transformation) : null;
    return {
      name: v.variableName,
      read: pre
        ? (row: SourceRow) => pre(row[v.schemaField] ?? null)
        : (row: SourceRow) => row[v.schemaField] ?? null,
    };
  });
  const combine = resolve(transform.transformation);
  return (row) => {
    const variables: Record<string, string | null> = {};
    for (const b of bindings) variables[b.name] = b.read(row);
    return combine(variables[bindings[0]!.name] ?? null, variables);
  };
}

// ---- The service's shapes (spec 3 §3 "Transformation", §7) ----

export const transformationIdParams = z.object({ id: int4Id('id') });

export const transformation = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(TRANSFORMATION_KINDS),
  /** The typed definition (wizard kinds) or `{ kind: 'expression', expression }`. */
  definition: storedDefinition,
  /** The JSONata text: the hand-written one, or the one a wizard kind is equivalent to. */
  expression: z.string(),
  /** A mapping template uses it: the page is read-only (spec 3 §2). */
  locked: z.boolean(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string().describe('ISO 8601 instant'),
  updated_by: z.number().int().nullable(),
  updated_by_name: z.string().nullable(),
  updated_at: z.string().describe('ISO 8601 instant'),
});
export type Transformation = z.infer<typeof transformation>;
export const transformationPage = pageSchema(transformation);
export type TransformationPage = z.infer<typeof transformationPage>;

export const TRANSFORMATION_SORT_FIELDS = ['name', 'id', 'kind', 'updated_at'] as const;
export const transformationsQuery = pagingQuery(TRANSFORMATION_SORT_FIELDS).extend({
  search: z
    .string()
    .max(TRANSFORMATION_NAME_MAX_LENGTH, TRANSFORMATION_MESSAGES.tooLong('search', 100))
    .optional()
    .describe('Names or descriptions containing this text (case-insensitive)'),
});
export type TransformationsQuery = z.infer<typeof transformationsQuery>;

/** POST /transformations (no id) and PUT /transformations (with id). */
export const transformationInput = z.object({
  name: transformationNameSchema,
  description: transformationDescriptionSchema,
  definition: transformationDefinition,
});
export type TransformationInput = z.infer<typeof transformationInput>;
export const transformationUpdate = transformationInput.extend({ id: int4Id('id') });
export type TransformationUpdate = z.infer<typeof transformationUpdate>;

/** POST /transformations/generator: spec 3 §7's transformationRequest and positional answers. */
export const generatorRequest = z.object({
  transformationRequest: z.object({
    name: transformationNameSchema,
    description: transformationDescriptionSchema,
    transformationType: z.enum(WIZARD_KINDS, {
      error: `transformationType must be one of ${WIZARD_KINDS.join(', ')}`,
    }),
    input: transformationInputSchema,
  }),
  answers: generatorAnswers,
});
export type GeneratorRequest = z.infer<typeof generatorRequest>;
export const generatorAnswer = z.object({
  transformation,
  /** The test input's output (spec 3 §4: shown on success). */
  value: z.string().nullable(),
});
export type GeneratorAnswer = z.infer<typeof generatorAnswer>;

/** POST /transformations/test: any definition or expression on an input. */
export const transformationTestRequest = z.object({
  definition: transformationDefinition,
  input: transformationInputSchema,
  /** A multi-field transform's variables (`$name` in an expression), by variable name. */
  variables: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, TRANSFORMATION_MESSAGES.variableFormat),
      valueText('Variable value').nullable(),
    )
    .refine((v) => Object.keys(v).length <= COMPOSITE_MAX_ENTRIES, {
      error: `At most ${COMPOSITE_MAX_ENTRIES} variables`,
    })
    .optional(),
});
export type TransformationTestRequest = z.infer<typeof transformationTestRequest>;
export const transformationTestAnswer = z.object({ value: z.string().nullable() });
export type TransformationTestAnswer = z.infer<typeof transformationTestAnswer>;
