-- SQL that eligibility-exports.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into eligibility_export (organization_no, kind, as_of, since, members, created_by)
    values ($1, $2, $3, $4,
            $5, $6)
    returning export_no;

select o.name, (select max(x.as_of) from eligibility_export x
                    where x.organization_no = o.organization_no) as last_as_of,
           statement_timestamp() as now
    from organization o where o.organization_no = $1;

with p as (
      select e.employee_no, null::int as dependent_no, 1 as relationship, e.generated_id,
             g.benefit_group_id as group_id, e.first_name, e.middle_initial, e.last_name,
             e.birthdate::text as birthdate, e.gender, e.ssn_encrypted,
             e.effective_date::text as effective_date, e.expiration_date::text as expiration_date
      from employee e join benefit_group g on g.benefit_group_no = e.benefit_group_no
      where e.organization_no = $1
      union all
      select d.employee_no, d.dependent_no, d.relationship, e.generated_id,
             coalesce(ag.benefit_group_id, g.benefit_group_id), d.first_name, d.middle_initial,
             d.last_name, d.birthdate::text, d.gender, d.ssn_encrypted, d.effective_date::text,
             d.expiration_date::text
      from dependent d
      join employee e on e.employee_no = d.employee_no
      join benefit_group g on g.benefit_group_no = e.benefit_group_no
      left join benefit_group ag on ag.benefit_group_no = d.alternate_benefit_group_no
      where d.organization_no = $2
    )
    select p.*, ev.events from p cross join (select null::text[] as events) ev
    order by p.employee_no, p.dependent_no nulls first;

with p as (
      select e.employee_no, null::int as dependent_no, 1 as relationship, e.generated_id,
             g.benefit_group_id as group_id, e.first_name, e.middle_initial, e.last_name,
             e.birthdate::text as birthdate, e.gender, e.ssn_encrypted,
             e.effective_date::text as effective_date, e.expiration_date::text as expiration_date
      from employee e join benefit_group g on g.benefit_group_no = e.benefit_group_no
      where e.organization_no = $1
      union all
      select d.employee_no, d.dependent_no, d.relationship, e.generated_id,
             coalesce(ag.benefit_group_id, g.benefit_group_id), d.first_name, d.middle_initial,
             d.last_name, d.birthdate::text, d.gender, d.ssn_encrypted, d.effective_date::text,
             d.expiration_date::text
      from dependent d
      join employee e on e.employee_no = d.employee_no
      join benefit_group g on g.benefit_group_no = e.benefit_group_no
      left join benefit_group ag on ag.benefit_group_no = d.alternate_benefit_group_no
      where d.organization_no = $2
    )
    select p.*, ev.events from p join lateral (
        select array_agg(h.event order by h.history_no) as events from member_change_history h
        where h.employee_no = p.employee_no
          and h.dependent_no is not distinct from p.dependent_no
          and ($3::timestamptz is null or h.changed_at > $4::timestamptz)
          and h.changed_at <= $5::timestamptz
      ) ev on ev.events is not null
    order by p.employee_no, p.dependent_no nulls first;
