import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { issueScoped, type Scoped } from '../../platform/access/scoped.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { AppUserTable } from '../../platform/db/schema.ts';
import type { DB } from '../../database.ts';
import { findUserGrants, insertUser, type UserGrants } from './users.repo.ts';

/*
 * The users module's access checks (decision 0095). A user is visible to the caller by the
 * visible-user rule (users.repo.ts's visibleUser, in SQL: all-organization callers see everyone,
 * others the users who share one of their organizations, clients and brokers only of their own
 * type); outside it a user answers
 * 404 exactly like one that does not exist. The handle is what repository functions of one user
 * take.
 */

/** A user the caller may act on: what every repository function of one user takes. */
export type ScopedUser = Scoped<'user', { userNo: number }>;

/** A user visible to the caller, with the grants the check loaded. */
export type VisibleUser = Scoped<'user', { userNo: number; grants: UserGrants }>;

export async function requireUser(
  db: Kysely<DB>,
  principal: Principal,
  userNo: number,
): Promise<VisibleUser> {
  const grants = await findUserGrants(db, principal, userNo);
  if (!grants) throw notFound('User');
  return issueScoped('user', { userNo, grants });
}

/**
 * The caller's own row (profile, feature flags): the principal was loaded from it when the
 * request was signed in, so no further check applies.
 */
export function signedInUser(principal: Principal): ScopedUser {
  return issueScoped('user', { userNo: principal.userNo });
}

/** The user this transaction has just inserted (a create or an import the caller may make). */
export async function insertScopedUser(
  tx: Kysely<DB> | Transaction<DB>,
  values: Insertable<AppUserTable>,
): Promise<ScopedUser> {
  return issueScoped('user', { userNo: await insertUser(tx, values) });
}
