import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../database.ts';
import { notFound } from '../../platform/http/problem.ts';
import { findOpportunity, lockOpportunity } from './evaluate.repo.ts';

/*
 * The evaluate area's access checks (decisions 0095, 0114). Who may call is the routes' rule
 * (internal, rxbAdmin, eval-view-opp: EVALUATE_ACCESS); every such user sees every opportunity,
 * so what is left here is existence (404) and, for a write, the opportunity's row lock: the
 * saves of one opportunity's parts and their version numbers come one at a time.
 */

/**
 * A locked prospect opportunity: what a save of any incumbent part takes, and what
 * `recordEvaluateVersion` writes the part's version under. Only this module makes one.
 */
export interface OpportunityHandle {
  readonly prospectOpportunityNo: number;
  readonly sfOppId: string;
}

/** Locks the opportunity for this transaction; 404 when there is none. */
export async function requireOpportunityForUpdate(
  trx: Transaction<DB>,
  id: number,
): Promise<OpportunityHandle> {
  const row = await lockOpportunity(trx, id);
  if (!row) throw notFound('Opportunity');
  return { prospectOpportunityNo: id, sfOppId: row.sf_opp_id };
}

/** 404 unless the opportunity exists (a read of one of its parts). */
export async function requireOpportunity(db: Kysely<DB>, id: number): Promise<void> {
  if (!(await findOpportunity(db, id))) throw notFound('Opportunity');
}
