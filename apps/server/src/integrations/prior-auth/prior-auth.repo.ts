import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { PaMember } from './prior-auth-system.ts';

/*
 * The SQL of the built-in PA system. The PA system matches a member by their ID and birth date
 * exactly and their names in any case (index pa_case_member); every read of a case is limited
 * to the member's own cases, so a case id of another member finds nothing.
 */

/** The rows of the member the identifiers name, on the table aliased `alias`. */
function ofMember(alias: 'c' | 'r', member: PaMember) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`${column('alternate_id')} = ${member.alternateId}
    and ${column('birthdate')} = ${member.birthdate}
    and lower(${column('last_name')}) = ${member.lastName.toLowerCase()}
    and lower(${column('first_name')}) = ${member.firstName.toLowerCase()}`;
}

function casesWithLatestEvent(db: Kysely<DB>) {
  return db
    .selectFrom('pa_case as c')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('pa_event as ev')
          .whereRef('ev.pa_case_id', '=', 'c.pa_case_id')
          .orderBy('ev.event_date', 'desc')
          .orderBy('ev.event_id', 'desc')
          .limit(1)
          .select(['ev.event_id', 'ev.event_type', 'ev.event_end_date'])
          .as('e'),
      (join) => join.onTrue(),
    )
    .select([
      'c.pa_case_id',
      'c.service_name',
      'c.status',
      sql<string>`to_char(c.request_date, 'YYYY-MM-DD')`.as('request_date'),
      'e.event_id',
      'e.event_type',
      sql<string | null>`to_char(e.event_end_date, 'YYYY-MM-DD')`.as('event_end_date'),
      sql<string | null>`to_char(c.coverage_start_date, 'YYYY-MM-DD')`.as('coverage_start_date'),
      sql<string | null>`to_char(c.coverage_end_date, 'YYYY-MM-DD')`.as('coverage_end_date'),
      'c.prescriber_name',
      'c.prescriber_explanation',
      'c.outcome',
      'c.is_protect_service',
      'c.agadia_member_id',
      'c.replaced_by_pa_case_id',
    ]);
}

export type PaCaseRow = Awaited<ReturnType<typeof listPaCases>>[number] & {
  agadia_data_old?: unknown;
  agadia_data_new?: unknown;
};

/** The member's cases, newest request first. */
export async function listPaCases(db: Kysely<DB>, member: PaMember) {
  return casesWithLatestEvent(db)
    .where(ofMember('c', member))
    .orderBy('c.request_date', 'desc')
    .orderBy('c.pa_case_id')
    .execute();
}

/** One of the member's cases with the old and new Agadia data; undefined for anyone else's. */
export async function findPaCase(db: Kysely<DB>, member: PaMember, paCaseId: string) {
  return casesWithLatestEvent(db)
    .where(ofMember('c', member))
    .select(['c.agadia_data_old', 'c.agadia_data_new'])
    .where('c.pa_case_id', '=', paCaseId)
    .executeTakeFirst();
}

export type PaInteractionRow = Awaited<ReturnType<typeof listPaInteractions>>[number];

/** The member's interaction log, of one case or all, by contact date. */
export async function listPaInteractions(
  db: Kysely<DB>,
  member: PaMember,
  options: { paCaseId?: string; newestFirst: boolean },
) {
  let query = db
    .selectFrom('pa_interaction_log as l')
    .innerJoin('pa_case as c', 'c.pa_case_id', 'l.pa_case_id')
    .where(ofMember('c', member));
  if (options.paCaseId) query = query.where('l.pa_case_id', '=', options.paCaseId);
  const direction = options.newestFirst ? 'desc' : 'asc';
  return query
    .select([
      'l.intervention_summary_id',
      'l.contact_date',
      'l.contact_type',
      'l.contact_description',
      'l.assigned_to',
      'l.status_description',
    ])
    .orderBy('l.contact_date', direction)
    .orderBy('l.intervention_summary_id', direction)
    .execute();
}

/** The member's reviewer history, the current reviewer first. */
export async function listPaReviewerHistory(db: Kysely<DB>, member: PaMember) {
  return db
    .selectFrom('pa_reviewer_history as r')
    .where(ofMember('r', member))
    .select([
      'r.reviewer',
      sql<string>`to_char(r.eff_date, 'YYYY-MM-DD')`.as('eff_date'),
      sql<string | null>`to_char(r.exp_date, 'YYYY-MM-DD')`.as('exp_date'),
    ])
    .orderBy('r.eff_date', 'desc')
    .execute();
}
