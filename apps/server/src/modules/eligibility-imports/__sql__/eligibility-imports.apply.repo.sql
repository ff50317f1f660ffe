-- SQL that eligibility-imports.apply.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into ei_apply_lane (run_id, lane, applied_through)
    select $1, l, 0 from generate_series(0, $2) as l
    on conflict (run_id, lane) do nothing;

insert into ei_apply_lane (run_id, lane, applied_through) values ($1, $2, $3)
    on conflict (run_id, lane) do update set applied_through = excluded.applied_through;

select applied_through as through from ei_apply_lane
    where run_id = $1 and lane = $2 for update;

select change_id as "changeId", row_number as "rowNumber", kind, member_id as "memberId",
           field, new_value as "newValue", change_date::text as "changeDate",
           ssn_encrypted as "ssnEncrypted"
    from ei_change
    where run_id = $1 and lane = $2 and kind <> 'absent'
      and change_id between $3 and $4
      and selected and applied_at is null
    order by change_id;

select first_value(change_id) over (order by change_id) as first,
           change_id as "changeId", row_number as "rowNumber" from ei_change
    where run_id = $1 and lane = $2 and change_id > $3 and kind <> 'absent'
      and selected and applied_at is null
    order by change_id offset $4 limit 1;

select s.row_number as "rowNumber", s.record_type as "recordType", s.ssn_hash as "ssnHash",
           case when s.record_type = 'D' then coalesce(s.employee_ssn_hash, (
             select p.ssn_hash from ei_staging_row p
             where p.run_id = s.run_id and p.record_type = 'E' and p.row_number < s.row_number
             order by p.row_number desc limit 1)) end as "employeeSsnHash",
           s.first_name as "firstName", s.last_name as "lastName",
           s.date_of_birth::text as "dateOfBirth", s.gender, s.relationship,
           s.group_id as "groupId", s.alternate_group_id as "alternateGroupId",
           s.division_id as "divisionId", s.benefit_package as "benefitPackage",
           s.effective_date::text as "effectiveDate", s.term_date::text as "termDate", s.flags
    from ei_staging_row s
    where s.run_id = $1
      and s.row_number = any($2::int[]);

update ei_run set rows_applied = rows_applied + $1,
      rows_rejected = rows_rejected + $2,
      started_phase_at = coalesce(started_phase_at, now())
    where run_id = $3;

update ei_run set status = 'applied', applied_at = now()
    where run_id = $1 and status = 'applying';

update ei_run set status = 'applying', applied_by = $1, started_phase_at = now(),
        error = null
      where run_id = $2
        and (status = 'previewed' or (status = 'failed' and applied_by is not null))
      returning run_id;
