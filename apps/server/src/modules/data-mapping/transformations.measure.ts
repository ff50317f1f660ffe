/**
 * How fast compiled transformations map rows (issue 16; decision 0118). Not a test: a figure for
 * docs/performance.md. Compiles ten transformations once (the wizard's kinds, a concatenation
 * and a multi-field transform), maps 1,000,000 synthetic rows in memory and prints rows/s; then
 * the same for a hand-written JSONata expression on fewer rows, for the comparison design.md
 * §2 makes. Run: `node apps/server/src/modules/data-mapping/transformations.measure.ts [rows]`.
 */
import {
  compileConcatenation,
  compileMultiField,
  compileTransformation,
  wizardDefinition,
  type RowFunction,
  type SourceRow,
} from '@pillar/domain';
import { compileExpression } from './expressions.ts';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const JSONATA_ROWS = 20_000;

const wizard = (raw: unknown): RowFunction => compileTransformation(wizardDefinition.parse(raw));

const library: Record<string, RowFunction> = {
  pad_ssn: wizard({ kind: 'padding', direction: 'left', padWith: '0', digits: 9 }),
  pad_client: wizard({ kind: 'padding', direction: 'left', padWith: '0', digits: 10 }),
  zip5: wizard({ kind: 'substring', start: 0, end: 5 }),
  yyyy: wizard({ kind: 'substring', start: 4, end: 8 }),
  gender: wizard({
    kind: 'conversion',
    caseSensitive: false,
    values: [
      { from: 'M', to: 'M' },
      { from: 'Male', to: 'M' },
      { from: 'F', to: 'F' },
      { from: 'Female', to: 'F' },
    ],
  }),
  relationship: wizard({
    kind: 'conversion',
    caseSensitive: true,
    values: [
      { from: '18', to: 'E' },
      { from: '01', to: 'S' },
      { from: '19', to: 'D' },
    ],
  }),
  group: wizard({ kind: 'default', mode: 'blank', value: 'DEFAULT' }),
  plan: wizard({ kind: 'default', mode: 'always', value: 'PLAN1' }),
  combine: (_input, vars) => `${vars?.['last'] ?? ''}, ${vars?.['first'] ?? ''}`,
};
const resolve = (name: string): RowFunction => {
  const fn = library[name];
  if (!fn) throw new Error(`no transformation ${name}`);
  return fn;
};

/** Ten target columns, each a compiled function of the row. */
const columns: ((row: SourceRow) => string | null)[] = [
  (r) => library['pad_ssn']!(r['ssn'] ?? null),
  (r) => library['pad_client']!(r['client'] ?? null),
  (r) => library['zip5']!(r['zip'] ?? null),
  (r) => library['yyyy']!(r['dob'] ?? null),
  (r) => library['gender']!(r['gender'] ?? null),
  (r) => library['relationship']!(r['rel'] ?? null),
  (r) => library['group']!(r['group'] ?? null),
  (r) => library['plan']!(r['plan'] ?? null),
  compileConcatenation(
    [
      { type: 'schemaField', value: 'last' },
      { type: 'literal', value: ', ' },
      { type: 'schemaField', value: 'first' },
    ],
    resolve,
  ),
  compileMultiField(
    {
      variables: [
        { variableName: 'first', schemaField: 'first' },
        { variableName: 'last', schemaField: 'last' },
      ],
      transformation: 'combine',
    },
    resolve,
  ),
];

/** Synthetic rows, built before the clock starts (a pool reused, as a parser's rows would be). */
const POOL = 10_000;
const genders = ['M', 'f', 'Female', 'U'];
const rels = ['18', '01', '19', '15'];
const pool: SourceRow[] = Array.from({ length: POOL }, (_, i) => ({
  ssn: String(1_000_000 + i * 37),
  client: String(i),
  zip: `${String(10_000 + i).slice(0, 5)}-1234`,
  dob: `0${(i % 9) + 1}15${1950 + (i % 50)}`,
  gender: genders[i % 4]!,
  rel: rels[i % 4]!,
  group: i % 3 === 0 ? '' : `G${i % 100}`,
  plan: 'X',
  first: `First${i}`,
  last: `Last${i}`,
}));

let checksum = 0;
const start = process.hrtime.bigint();
for (let i = 0; i < ROWS; i++) {
  const row = pool[i % POOL]!;
  for (const column of columns) checksum += column(row)?.length ?? 0;
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(
  `compiled: ${ROWS.toLocaleString('en-US')} rows x ${columns.length} transformations in ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s (checksum ${checksum})`,
);

const expression = compileExpression(
  '($d := $replace($trim($), /[^0-9]/, ""); $length($d) = 8 ? $substring($d, 4, 4) & "-" & $substring($d, 0, 2) & "-" & $substring($d, 2, 2) : $)',
);
const jStart = process.hrtime.bigint();
for (let i = 0; i < JSONATA_ROWS; i++) await expression.evaluate(pool[i % POOL]!['dob'] ?? null);
const jSeconds = Number(process.hrtime.bigint() - jStart) / 1e9;
console.log(
  `JSONata: ${JSONATA_ROWS.toLocaleString('en-US')} rows x 1 expression in ${jSeconds.toFixed(2)} s = ${Math.round(JSONATA_ROWS / jSeconds).toLocaleString('en-US')} rows/s`,
);
console.log(`heap used: ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB`);
