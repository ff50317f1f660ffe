import { sql, type Kysely, type Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** How an outside system names a person: the card's member ID, the names and the birth date. */
export interface MemberIdentifiers {
  /** The member's alternate ID, or their generated ID when they have none (the card's ID). */
  memberId: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthdate: string;
}

/**
 * The person the identifiers name, inside the principal's scope: the member themselves
 * (dependent_no null) or one of their dependents, whose card carries the member's ID. Names match
 * in any case. One statement; the member's ID is found by its indexes (employee_alternate_id,
 * employee_generated_id).
 */
export async function findMemberByIdentifiers(
  db: Db,
  principal: Principal,
  ids: MemberIdentifiers,
) {
  const memberIdMatches = sql<boolean>`(e.alternate_id = ${ids.memberId} or e.generated_id = ${ids.memberId})`;
  const first = ids.firstName.toLowerCase();
  const last = ids.lastName.toLowerCase();
  return (
    db
      .selectFrom('employee as e')
      .leftJoin('dependent as d', (join) =>
        join
          .onRef('d.employee_no', '=', 'e.employee_no')
          .on('d.birthdate', '=', ids.birthdate)
          .on(sql<string>`lower(d.first_name)`, '=', first)
          .on(sql<string>`lower(d.last_name)`, '=', last),
      )
      .where(memberIdMatches)
      .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'))
      .where((eb) =>
        eb.or([
          eb.and([
            eb('e.birthdate', '=', ids.birthdate),
            eb(sql<string>`lower(e.first_name)`, '=', first),
            eb(sql<string>`lower(e.last_name)`, '=', last),
          ]),
          eb('d.dependent_no', 'is not', null),
        ]),
      )
      // The member themselves before a dependent who happens to share their name and birth date.
      .orderBy(sql`d.dependent_no is not null`)
      .orderBy('d.dependent_no')
      .select(['e.employee_no', 'e.organization_no', 'd.dependent_no'])
      .limit(1)
      .executeTakeFirst()
  );
}
