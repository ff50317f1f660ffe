-- SQL that member-batch.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into employee (employee_no, organization_no, benefit_group_no, group_effective_date,
      group_assignment_date, first_name, last_name, birthdate, gender, ssn_encrypted, ssn_hash,
      generated_id, effective_date, original_effective_date, expiration_date, process_status,
      division_no, division_effective_date, benefit_package_no, benefit_package_effective_date,
      benefit_package_assignment_date, is_cobra, is_retiree, reinstatement_date, created_by,
      updated_by)
    select no, $1, g, ged, gad, fn, ln, bd, gen, decode(se, 'hex'), decode(sh, 'hex'),
      gid, ed, ed, xd, ps, dn, ded, bpn, bped, bpad, cobra, retiree, rd, $2, $3
    from unnest(
      $4::int[], $5::int[],
      $6::date[], $7::date[],
      $8::text[], $9::text[],
      $10::date[], $11::text[],
      $12::text[], $13::text[],
      $14::text[], $15::date[],
      $16::date[], $17::int[],
      $18::int[], $19::date[],
      $20::int[],
      $21::date[],
      $22::date[],
      $23::boolean[], $24::boolean[],
      $25::date[])
    as u(no, g, ged, gad, fn, ln, bd, gen, se, sh, gid, ed, xd, ps, dn, ded, bpn, bped, bpad,
         cobra, retiree, rd);

insert into member_change_history
      (changed_by, employee_no, dependent_no, event, field, old_value, new_value)
    select * from unnest($1::int[], $2::int[],
      $3::int[], $4::text[],
      $5::text[], $6::text[],
      $7::text[]);

insert into member_group_assignment (employee_no, benefit_group_no, effective_date,
      expiration_date, assignment_date, created_by, updated_by)
    select en, g, dt, null, ad, $1, $2
    from unnest($3::int[], $4::int[],
      $5::date[], $6::date[]) as v(en, g, dt, ad);

select 
  e.employee_no, e.benefit_group_no, g.benefit_group_id as group_id, e.first_name, e.last_name,
  e.birthdate::text as birthdate, e.gender, e.is_cobra, e.is_retiree, e.process_status,
  e.expiration_date::text as expiration_date, e.effective_date::text as effective_date,
  e.reinstatement_date::text as reinstatement_date,
  e.group_effective_date::text as group_effective_date,
  e.group_assignment_date::text as group_assignment_date, e.division_no, dv.division_id,
  e.division_effective_date::text as division_effective_date, e.benefit_package_no,
  bp.benefit_package_id,
  e.benefit_package_effective_date::text as benefit_package_effective_date,
  e.benefit_package_assignment_date::text as benefit_package_assignment_date, e.ssn_hash from 
  employee e
  join benefit_group g on g.benefit_group_no = e.benefit_group_no
  left join division dv on dv.division_no = e.division_no
  left join benefit_package bp on bp.benefit_package_no = e.benefit_package_no
    where e.organization_no = $1
      and e.ssn_hash in (select decode(h, 'hex') from unnest($2::text[]) as u(h))
    for update of e;

select 
  e.employee_no, e.benefit_group_no, g.benefit_group_id as group_id, e.first_name, e.last_name,
  e.birthdate::text as birthdate, e.gender, e.is_cobra, e.is_retiree, e.process_status,
  e.expiration_date::text as expiration_date, e.effective_date::text as effective_date,
  e.reinstatement_date::text as reinstatement_date,
  e.group_effective_date::text as group_effective_date,
  e.group_assignment_date::text as group_assignment_date, e.division_no, dv.division_id,
  e.division_effective_date::text as division_effective_date, e.benefit_package_no,
  bp.benefit_package_id,
  e.benefit_package_effective_date::text as benefit_package_effective_date,
  e.benefit_package_assignment_date::text as benefit_package_assignment_date, e.ssn_hash from 
  employee e
  join benefit_group g on g.benefit_group_no = e.benefit_group_no
  left join division dv on dv.division_no = e.division_no
  left join benefit_package bp on bp.benefit_package_no = e.benefit_package_no
    where e.organization_no = $1 and e.employee_no = any($2::int[])
    for update of e;

select benefit_group_no, benefit_group_id, process_status,
             expiration_date::text as expiration_date
      from benefit_group where organization_no = $1;

select benefit_package_no, benefit_package_id, process_status from benefit_package
      where organization_no = $1;

select division_no, division_id, benefit_group_no from division
      where organization_no = $1;

select nextval(pg_get_serial_sequence('employee', 'employee_no')) as n
    from generate_series(1, $1);

select supports_divisions, supports_dependent_alternate_group from organization
      where organization_no = $1;

update employee e set
      first_name = u.fn, last_name = u.ln, birthdate = u.bd, gender = u.gen, is_cobra = u.cobra,
      is_retiree = u.retiree, process_status = u.ps, expiration_date = u.xd, effective_date = u.ed,
      reinstatement_date = u.rd, benefit_group_no = u.g, group_effective_date = u.ged,
      group_assignment_date = u.gad, division_no = u.dn, division_effective_date = u.ded,
      benefit_package_no = u.bpn, benefit_package_effective_date = u.bped,
      benefit_package_assignment_date = u.bpad, updated_by = $1, updated_at = now()
    from unnest(
      $2::int[], $3::text[],
      $4::text[], $5::date[],
      $6::text[], $7::boolean[],
      $8::boolean[], $9::int[],
      $10::date[], $11::date[],
      $12::date[], $13::int[],
      $14::date[], $15::date[],
      $16::int[], $17::date[],
      $18::int[],
      $19::date[],
      $20::date[])
    as u(no, fn, ln, bd, gen, cobra, retiree, ps, xd, ed, rd, g, ged, gad, dn, ded, bpn, bped, bpad)
    where e.employee_no = u.no and e.organization_no = $21
      and e.employee_no = any($22::int[]);

with v as (
      select * from unnest($1::int[],
        $2::date[], $3::text[]) as v(en, dt, ev)
    ), ended as (
      update dependent d
         set process_status = 9, expiration_date = v.dt, updated_by = $4, updated_at = now()
        from dependent old, v
       where old.dependent_no = d.dependent_no
         and d.employee_no = v.en and d.organization_no = $5
         and d.employee_no = any($6::int[])
         and (old.process_status <> 9 or old.expiration_date is null
              or old.expiration_date > v.dt)
      returning d.dependent_no, d.employee_no, v.dt, v.ev, old.process_status as old_status,
                old.expiration_date as old_expiration
    ), rows as (
      insert into member_change_history
        (changed_by, employee_no, dependent_no, event, field, old_value, new_value)
      select $7, e.employee_no, e.dependent_no, e.ev, f.field,
             case f.field when 'processStatus' then e.old_status::text
                          else to_char(e.old_expiration, 'YYYY-MM-DD') end,
             case f.field when 'processStatus' then '9' else to_char(e.dt, 'YYYY-MM-DD') end
        from ended e
       cross join (values ('processStatus'), ('expirationDate')) as f(field)
       where (f.field = 'processStatus' and e.old_status <> 9)
          or (f.field = 'expirationDate' and e.old_expiration is distinct from e.dt)
      order by e.employee_no, e.dependent_no, f.field desc
    )
    select count(*)::int as n from ended;
