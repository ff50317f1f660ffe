import type { Kysely } from 'kysely';
import {
  TRANSFORMATION_MESSAGES as M,
  compileTransformation,
  definitionFromAnswers,
  expressionText,
  type GeneratorAnswer,
  type GeneratorRequest,
  type Transformation,
  type TransformationDefinition,
  type TransformationInput,
  type TransformationPage,
  type TransformationTestAnswer,
  type TransformationTestRequest,
  type TransformationUpdate,
  type TransformationsQuery,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { HttpProblem, badRequest, notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import {
  ExpressionError,
  asAsync,
  compileExpression,
  type AsyncRowFunction,
} from './expressions.ts';
import {
  findTransformation,
  insertTransformation,
  isUniqueViolation,
  listTransformations as selectTransformations,
  lockTransformation,
  nameOwner,
  updateTransformation as writeTransformation,
  type TransformationRow,
  type TransformationValues,
} from './transformations.repo.ts';
import { transformationsInUse } from './transformations.usage.ts';

/*
 * The transformation library's rules (spec 3 §2, §4, §5 "Transformations", §7; decision 0118).
 * A definition is compiled once into one function, and the Test button, the wizard's output and
 * a mapping job all call that function: they cannot give different answers for one definition.
 */

type Db = Kysely<DB>;
/** Who makes a change: the session's user, or the demo seed (null: the system). */
export type Actor = Pick<Principal, 'userNo'> | null;

const EXPRESSION_FIELD = 'definition.expression';

const nameTaken = () => new HttpProblem(409, 'Conflict', M.nameTaken, { name: M.nameTaken });
const locked = () => new HttpProblem(409, 'Conflict', M.locked, { id: M.locked });

/** An expression's failure as the 400 naming the expression (JSONata's message and position). */
function expressionProblem(error: ExpressionError): HttpProblem {
  return badRequest(`${EXPRESSION_FIELD}: ${error.message}`, { [EXPRESSION_FIELD]: error.message });
}

/**
 * The one function a definition becomes, for a job, the Test button and the wizard alike: a
 * wizard kind compiled to a closure, an expression parsed once with its guardrails. Throws
 * ExpressionError when an expression does not parse.
 */
export function compileDefinition(definition: TransformationDefinition): AsyncRowFunction {
  if (definition.kind === 'expression') {
    const compiled = compileExpression(definition.expression);
    return (input, variables) => compiled.evaluate(input, variables);
  }
  return asAsync(compileTransformation(definition));
}

/** Runs `fn` on `input`; an expression's failure is the 400 naming it. */
async function evaluateOrProblem(
  fn: AsyncRowFunction,
  input: string | null,
  variables?: Readonly<Record<string, string | null>>,
) {
  try {
    return await fn(input, variables);
  } catch (error) {
    if (error instanceof ExpressionError) throw expressionProblem(error);
    throw error;
  }
}

function compileOrProblem(definition: TransformationDefinition): AsyncRowFunction {
  try {
    return compileDefinition(definition);
  } catch (error) {
    if (error instanceof ExpressionError) throw expressionProblem(error);
    throw error;
  }
}

/** What is stored: the definition, and the JSONata text (hand-written, or equal to the kind's). */
function valuesOf(input: TransformationInput): TransformationValues {
  const { definition } = input;
  return {
    name: input.name,
    description: input.description.trim(),
    definition,
    expression:
      definition.kind === 'expression' ? definition.expression : expressionText(definition),
  };
}

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

function toTransformation(row: TransformationRow, inUse: ReadonlySet<string>): Transformation {
  return {
    id: row.transformation_no,
    name: row.name,
    description: row.description,
    kind: row.kind,
    definition: row.definition,
    expression: row.expression,
    locked: inUse.has(row.name),
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: iso(row.created_at),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by_name,
    updated_at: iso(row.updated_at),
  };
}

async function answer(db: Db, id: number): Promise<Transformation> {
  const row = await findTransformation(db, id);
  if (!row) throw notFound('Transformation');
  return toTransformation(row, await transformationsInUse(db, [row.name]));
}

// ---- Reads ----

export async function listTransformations(
  db: Db,
  query: TransformationsQuery,
): Promise<TransformationPage> {
  const page = await selectTransformations(db, query);
  const inUse = await transformationsInUse(
    db,
    page.data.map((r) => r.name),
  );
  return { ...page, data: page.data.map((r) => toTransformation(r, inUse)) };
}

export async function getTransformation(db: Db, id: number): Promise<Transformation> {
  return answer(db, id);
}

// ---- Writes ----

/** Creates a transformation; an expression must parse first (400 naming it). */
export async function createTransformation(
  db: Db,
  actor: Actor,
  input: TransformationInput,
): Promise<Transformation> {
  compileOrProblem(input.definition);
  if ((await nameOwner(db, input.name)) !== undefined) throw nameTaken();
  let id: number;
  try {
    id = await insertTransformation(db, valuesOf(input), actor?.userNo ?? null);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return answer(db, id);
}

/** Changes a transformation no template uses (409 with the spec's message otherwise). */
export async function updateTransformation(
  db: Db,
  actor: Pick<Principal, 'userNo'>,
  input: TransformationUpdate,
): Promise<Transformation> {
  compileOrProblem(input.definition);
  try {
    await db.transaction().execute(async (trx) => {
      const current = await lockTransformation(trx, input.id);
      if (!current) throw notFound('Transformation');
      // In the transaction: on PGlite its one connection is the transaction's.
      if ((await transformationsInUse(trx, [current.name])).size > 0) throw locked();
      const owner = await nameOwner(trx, input.name);
      if (owner !== undefined && owner !== input.id) throw nameTaken();
      await writeTransformation(trx, input.id, valuesOf(input), actor.userNo);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return answer(db, input.id);
}

/**
 * The wizard (spec 3 §4, §7 POST /transformations/generator): the positional answers become a
 * typed definition, stored, and the test input's output is answered with it.
 */
export async function generateTransformation(
  db: Db,
  actor: Actor,
  request: GeneratorRequest,
): Promise<GeneratorAnswer> {
  const { transformationRequest: r, answers } = request;
  const result = definitionFromAnswers(r.transformationType, answers);
  if (!result.ok)
    throw badRequest(`${result.field}: ${result.message}`, { [result.field]: result.message });
  const fn = compileDefinition(result.definition);
  const value = await fn(r.input);
  const transformation = await createTransformation(db, actor, {
    name: r.name,
    description: r.description,
    definition: result.definition,
  });
  return { transformation, value };
}

/** POST /transformations/test: the function a job would use, on one input. */
export async function testTransformation(
  request: TransformationTestRequest,
): Promise<TransformationTestAnswer> {
  const fn = compileOrProblem(request.definition);
  return { value: await evaluateOrProblem(fn, request.input, request.variables) };
}
