import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../database.ts';

/*
 * SQL of the 834 export (decision 0128): the organization's members and dependents as the file
 * describes them, the history events that make a changes file, and the exports made. Every read
 * is limited to the one organization the service has checked the caller may see.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** A member or dependent as an 834 member loop carries it. */
export interface ExportPerson {
  employee_no: number;
  dependent_no: number | null;
  relationship: number;
  generated_id: string;
  group_id: string;
  first_name: string;
  middle_initial: string | null;
  last_name: string;
  birthdate: string;
  gender: string;
  ssn_encrypted: Uint8Array | null;
  effective_date: string;
  expiration_date: string | null;
  /** The history events since the last export, oldest first (a changes file only). */
  events: string[] | null;
}

/**
 * The organization's people, each employee followed by its dependents. With `since`, only those
 * with a history row after it (and up to `asOf`), with their events; without, every one.
 */
export async function exportPeople(
  db: Db,
  organizationNo: number,
  window: { since: Date | null; asOf: Date } | null,
): Promise<ExportPerson[]> {
  const changed = window
    ? sql`join lateral (
        select array_agg(h.event order by h.history_no) as events from member_change_history h
        where h.employee_no = p.employee_no
          and h.dependent_no is not distinct from p.dependent_no
          and (${window.since}::timestamptz is null or h.changed_at > ${window.since}::timestamptz)
          and h.changed_at <= ${window.asOf}::timestamptz
      ) ev on ev.events is not null`
    : sql`cross join (select null::text[] as events) ev`;
  const { rows } = await sql<ExportPerson>`
    with p as (
      select e.employee_no, null::int as dependent_no, 1 as relationship, e.generated_id,
             g.benefit_group_id as group_id, e.first_name, e.middle_initial, e.last_name,
             e.birthdate::text as birthdate, e.gender, e.ssn_encrypted,
             e.effective_date::text as effective_date, e.expiration_date::text as expiration_date
      from employee e join benefit_group g on g.benefit_group_no = e.benefit_group_no
      where e.organization_no = ${organizationNo}
      union all
      select d.employee_no, d.dependent_no, d.relationship, e.generated_id,
             coalesce(ag.benefit_group_id, g.benefit_group_id), d.first_name, d.middle_initial,
             d.last_name, d.birthdate::text, d.gender, d.ssn_encrypted, d.effective_date::text,
             d.expiration_date::text
      from dependent d
      join employee e on e.employee_no = d.employee_no
      join benefit_group g on g.benefit_group_no = e.benefit_group_no
      left join benefit_group ag on ag.benefit_group_no = d.alternate_benefit_group_no
      where d.organization_no = ${organizationNo}
    )
    select p.*, ev.events from p ${changed}
    order by p.employee_no, p.dependent_no nulls first`.execute(db);
  return rows;
}

/** The organization's name and the instant of its last export (null: none yet). */
export async function exportContext(
  db: Db,
  organizationNo: number,
): Promise<{ name: string; lastAsOf: Date | null; now: Date } | undefined> {
  const { rows } = await sql<{ name: string; last_as_of: Date | null; now: Date }>`
    select o.name, (select max(x.as_of) from eligibility_export x
                    where x.organization_no = o.organization_no) as last_as_of,
           statement_timestamp() as now
    from organization o where o.organization_no = ${organizationNo}`.execute(db);
  const row = rows[0];
  return row && { name: row.name, lastAsOf: row.last_as_of, now: row.now };
}

/** Records an export; answers its number (the file's control number). */
export async function insertExport(
  db: Db,
  entry: {
    organizationNo: number;
    kind: 'full' | 'changes';
    asOf: Date;
    since: Date | null;
    members: number;
    createdBy: number;
  },
): Promise<number> {
  const { rows } = await sql<{ export_no: number }>`
    insert into eligibility_export (organization_no, kind, as_of, since, members, created_by)
    values (${entry.organizationNo}, ${entry.kind}, ${entry.asOf}, ${entry.since},
            ${entry.members}, ${entry.createdBy})
    returning export_no`.execute(db);
  return rows[0]!.export_no;
}
