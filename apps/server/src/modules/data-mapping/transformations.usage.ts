import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';

/*
 * Which transformations a mapping template uses (spec 3 §2: such a transformation is locked).
 * The templates are the template module's (next session's work, decision 0118); it answers this
 * question by calling `answerTransformationUsage` when it registers, so this module never reads
 * its tables. Until then no template exists and nothing is locked.
 */

/** The names (as stored) of `names` that some template uses. */
export type TransformationUsage = (
  db: Kysely<DB>,
  names: readonly string[],
) => Promise<ReadonlySet<string>>;

const noTemplates: TransformationUsage = async () => new Set();
let usage: TransformationUsage = noTemplates;

/** The template module's answer; returns a function restoring the previous one (tests). */
export function answerTransformationUsage(answer: TransformationUsage): () => void {
  const previous = usage;
  usage = answer;
  return () => {
    usage = previous;
  };
}

export function transformationsInUse(
  db: Kysely<DB>,
  names: readonly string[],
): Promise<ReadonlySet<string>> {
  return names.length === 0 ? Promise.resolve(new Set()) : usage(db, names);
}
