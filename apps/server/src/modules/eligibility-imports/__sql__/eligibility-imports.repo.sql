-- SQL that eligibility-imports.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

analyze ei_staging_row (run_id, ssn_hash);

insert into ei_change (run_id, change_id, row_number, kind, ssn_hash, ssn_encrypted,
        member_id, field, old_value, new_value, change_date, lane)
      select $1, id, rn, k, decode(h, 'hex'), decode(e, 'hex'), m, f, o, nv, d, l from unnest(
        $2::int[], $3::int[],
        $4::text[], $5::text[],
        $6::text[],
        $7::int[], $8::text[],
        $9::text[], $10::text[],
        $11::date[], $12::int[])
        as u(id, rn, k, h, e, m, f, o, nv, d, l);

insert into ei_rejected (run_id, row_number, field, message)
      select $1, * from unnest($2::int[],
        $3::text[], $4::text[])
      on conflict do nothing;

insert into ei_run (eic_no, organization_no, file_name, file_format, storage_key, created_by,
        full_file)
      values ($1, $2, $3, $4,
              $5, $6, $7)
      returning run_id;

insert into ei_staging_row (run_id, row_number, record_type, maintenance_code, organization_id,
  ssn_hash, employee_ssn_hash, first_name, last_name, date_of_birth, gender,
  relationship, group_id, alternate_group_id, division_id, benefit_package, effective_date,
  term_date, flags)
      select $1, n, t, m, o, decode(h, 'hex'), decode(eh, 'hex'),
        fn, ln, dob, g, rel, gid, agid, did, bp, ed, td, fl
      from unnest(
        $2::int[], $3::text[],
        $4::text[], $5::text[],
        $6::text[],
        $7::text[],
        $8::text[], $9::text[],
        $10::date[], $11::text[],
        $12::text[],
        $13::text[], $14::text[],
        $15::text[], $16::text[],
        $17::date[], $18::date[],
        $19::text[])
        as u(n, t, m, o, h, eh, fn, ln, dob, g, rel, gid, agid, did, bp, ed, td, fl);

select change_id as "changeId", kind, member_id as "memberId", field,
           new_value as "newValue", change_date::text as "changeDate"
    from ei_change
    where run_id = $1 and selected and applied_at is null and kind <> 'absent'
    order by change_id
    limit $2;

select count(*)::int as n from ei_staging_row where run_id = $1;

select run_id from ei_run
    where eic_no = $1 and status in ('queued', 'reading', 'applying');

update ei_change c set selected = not (c.change_id = any($1::int[]))
    where c.run_id = $2 and c.applied_at is null
      and c.change_id > coalesce((select l.applied_through from ei_apply_lane l
        where l.run_id = c.run_id and l.lane = c.lane), 0);

update ei_change set applied_at = now()
    where run_id = $1 and change_id = any($2::int[]);

update ei_run set rows_applied = rows_applied + $1
    where run_id = $2;

update ei_run set status = $1,
      rows_read = coalesce($2::int, rows_read),
      rows_validated = coalesce($3::int, rows_validated),
      rows_rejected = coalesce($4::int, rows_rejected),
      started_phase_at = now()
    where run_id = $5;
