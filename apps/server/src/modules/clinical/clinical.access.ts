import type { Transaction } from 'kysely';
import { notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { lockCondition, lockList } from './clinical.repo.ts';

/*
 * The clinical configuration's access checks (decisions 0095, 0107). The configuration is the
 * product's, not an organization's: every route needs clinicalView (reads) or clinicalEdit
 * (writes), checked by the route's access rule, and no row is hidden from a holder. So the
 * checks here are existence only (404), taken with a row lock: a condition's or a list's
 * changes, their history and the list's snapshots are written one change at a time.
 */

export async function requireConditionForUpdate(
  trx: Transaction<DB>,
  id: number,
): Promise<{ name: string }> {
  const row = await lockCondition(trx, id);
  if (!row) throw notFound('Health condition');
  return row;
}

export async function requireListForUpdate(
  trx: Transaction<DB>,
  id: number,
): Promise<{ name: string; is_active: boolean }> {
  const row = await lockList(trx, id);
  if (!row) throw notFound('Intervention list');
  return row;
}
