-- SQL that eligibility-imports.preview.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from ei_change where run_id = $1;

delete from ei_rejected where run_id = $1;

delete from ei_staging_row where run_id = $1;

select 
  r.run_id as "runId", r.eic_no as "eicNo", r.organization_no as "organizationNo",
  r.file_name as "fileName", r.file_format as "fileFormat", r.storage_key as "storageKey",
  r.status, coalesce((select u.first_name || ' ' || u.last_name from app_user u
    where u.user_no = "r"."created_by"), '') as "createdBy", r.created_by as "createdByNo",
  r.created_at as "createdAt",
  case when r.applied_by is null then null else coalesce((select u.first_name || ' ' || u.last_name from app_user u
    where u.user_no = "r"."applied_by"), '') end as "appliedBy",
  r.applied_at as "appliedAt", r.rows_read as "rowsRead", r.rows_validated as "rowsValidated",
  r.rows_applied as "rowsApplied", r.rows_rejected as "rowsRejected",
  (select count(*)::int from ei_change c
    where c.run_id = r.run_id and c.selected and c.kind <> 'absent') as "rowsSelected",
  r.started_phase_at as "startedPhaseAt", r.ack_999_key as "ack999Key",
  r.ack_ta1_key as "ackTa1Key", r.error, r.full_file as "fullFile" from ei_run r where r.eic_no = $1 
    order by r.created_at desc, r.run_id desc limit $2 offset $3;

select 
  r.run_id as "runId", r.eic_no as "eicNo", r.organization_no as "organizationNo",
  r.file_name as "fileName", r.file_format as "fileFormat", r.storage_key as "storageKey",
  r.status, coalesce((select u.first_name || ' ' || u.last_name from app_user u
    where u.user_no = "r"."created_by"), '') as "createdBy", r.created_by as "createdByNo",
  r.created_at as "createdAt",
  case when r.applied_by is null then null else coalesce((select u.first_name || ' ' || u.last_name from app_user u
    where u.user_no = "r"."applied_by"), '') end as "appliedBy",
  r.applied_at as "appliedAt", r.rows_read as "rowsRead", r.rows_validated as "rowsValidated",
  r.rows_applied as "rowsApplied", r.rows_rejected as "rowsRejected",
  (select count(*)::int from ei_change c
    where c.run_id = r.run_id and c.selected and c.kind <> 'absent') as "rowsSelected",
  r.started_phase_at as "startedPhaseAt", r.ack_999_key as "ack999Key",
  r.ack_ta1_key as "ackTa1Key", r.error, r.full_file as "fullFile" from ei_run r where r.run_id = $1;

select benefit_group_id as id from benefit_group
    where organization_no = $1;

select c.change_id as "changeId", c.row_number as "rowNumber", c.kind,
      c.ssn_encrypted as "ssnEncrypted", c.member_id as "memberId",
      coalesce(s.last_name || ', ' || s.first_name, e.last_name || ', ' || e.first_name,
        d.last_name || ', ' || d.first_name) as name,
      c.field, c.old_value as "oldValue", c.new_value as "newValue",
      c.change_date::text as "changeDate", c.selected,
      (c.applied_at is not null or (c.selected and c.kind <> 'absent'
        and c.change_id <= coalesce(l.applied_through, 0)))
        -- A row refused at Apply is in ei_rejected (a previewed row with changes never is).
        and not exists (select from ei_rejected x
                         where x.run_id = c.run_id and x.row_number = c.row_number) as applied
    from ei_change c
    join ei_run r on r.run_id = c.run_id
    left join ei_apply_lane l on l.run_id = c.run_id and l.lane = c.lane
    left join ei_staging_row s on s.run_id = c.run_id and s.row_number = c.row_number
    left join employee e on c.row_number is null and e.employee_no = c.member_id
      and e.organization_no = r.organization_no and e.ssn_hash = c.ssn_hash
    left join dependent d on c.row_number is null and d.dependent_no = c.member_id
      and d.organization_no = r.organization_no and d.ssn_hash = c.ssn_hash
    where c.run_id = $1 
    order by c.row_number asc nulls last, c.change_id asc
    limit $2 offset $3;

select c.eic_no, c.organization_no, s.*
    from import_configuration c join import_schema s using (import_schema_no)
    where c.eic_no = $1;

select count(*)::int as n from ei_change c where c.run_id = $1;

select count(*)::int as n from ei_rejected where run_id = $1;

select count(*)::int as n from ei_run where eic_no = $1;

select distinct field from ei_rejected where run_id = $1 order by field;

select e.employee_no as "memberId", 'E' as "recordType", encode(e.ssn_hash, 'hex') as "ssnHash",
      null::text as "employeeSsnHash", null::bytea as "ssnEncrypted",
      null::bytea as "employeeSsnEncrypted", e.first_name as "firstName", e.last_name as "lastName",
      e.birthdate::text as "dateOfBirth", e.gender, g.benefit_group_id as "groupId",
      dv.division_id as "divisionId", bp.benefit_package_id as "benefitPackage",
      e.effective_date::text as "effectiveDate", e.expiration_date::text as "termDate",
      e.is_cobra as cobra, e.is_retiree as retiree, null::smallint as relationship
    from employee e
    join benefit_group g on g.benefit_group_no = e.benefit_group_no
    left join division dv on dv.division_no = e.division_no
    left join benefit_package bp on bp.benefit_package_no = e.benefit_package_no
    where e.organization_no = $1 and e.ssn_hash is not null and exists (select 1 from ei_staging_row s
          where s.run_id = $2 and s.ssn_hash = "e"."ssn_hash")
    union all
    select d.dependent_no, 'D', encode(d.ssn_hash, 'hex'), encode(e.ssn_hash, 'hex'), null::bytea,
      e.ssn_encrypted,
      d.first_name, d.last_name,
      d.birthdate::text, d.gender, g.benefit_group_id, dv.division_id, bp.benefit_package_id,
      d.effective_date::text, d.expiration_date::text, false, false, d.relationship
    from dependent d
    join employee e on e.employee_no = d.employee_no and e.organization_no = d.organization_no
    join benefit_group g on g.benefit_group_no = e.benefit_group_no
    left join division dv on dv.division_no = e.division_no
    left join benefit_package bp on bp.benefit_package_no = e.benefit_package_no
    where d.organization_no = $3 and d.ssn_hash is not null and exists (select 1 from ei_staging_row s
          where s.run_id = $4 and s.ssn_hash = "d"."ssn_hash");

select field_name as name, alias, start_loc as start, end_loc as "end"
    from import_schema_field where import_schema_no = $1 order by loc_index;

select kind, count(*)::int as n from ei_change where run_id = $1 group by kind;

select row_number as "rowNumber", field, message from ei_rejected where run_id = $1
    
    
    order by row_number asc, field
    limit $2 offset $3;

select s.row_number as n from ei_staging_row s
    where s.run_id = $1
      and s.ssn_hash in (
        select e.ssn_hash from employee e
        where e.organization_no <> $2 and e.ssn_hash is not null
        union all
        select d.ssn_hash from dependent d
        where d.organization_no <> $3 and d.ssn_hash is not null)
      and not exists (select 1 from employee e
             where e.ssn_hash = s.ssn_hash and e.organization_no = $4)
      and not exists (select 1 from dependent d
             where d.ssn_hash = s.ssn_hash and d.organization_no = $5)
    order by 1;

update ei_run set ack_999_key = $1, ack_ta1_key = $2
    where run_id = $3;

update ei_run set rows_read = coalesce($1::int, rows_read),
      rows_validated = coalesce($2::int, rows_validated)
    where run_id = $3;

update ei_run set status = 'reading', rows_read = 0, rows_validated = 0, rows_rejected = 0,
      started_phase_at = now(), error = null, ack_999_key = null, ack_ta1_key = null
    where run_id = $1;
