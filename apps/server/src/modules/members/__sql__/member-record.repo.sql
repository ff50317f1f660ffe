-- SQL that member-record.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "employee" ("employee_no", "organization_no", "benefit_group_no", "group_effective_date", "group_assignment_date", "first_name", "middle_initial", "last_name", "birthdate", "gender", "address1", "address2", "city", "state", "zip", "phone", "email", "ssn_encrypted", "ssn_hash", "person_code", "client_id", "generated_id", "alternate_id", "effective_date", "original_effective_date", "expiration_date", "process_status", "division_no", "division_effective_date", "benefit_package_no", "benefit_package_effective_date", "benefit_package_assignment_date", "is_cob_secondary", "cob_effective_date", "cob_termination_date", "client_defined_data", "med_d_subsidy_effective_date", "hic_number", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40);

insert into "member_benefit_package_history" ("employee_no", "benefit_package_no", "effective_date", "assignment_date", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6);

insert into "member_client_id_history" ("employee_no", "historical_id", "effective_date", "created_by", "updated_by") values ($1, $2, $3, $4, $5);

insert into "member_division_history" ("benefit_group_no", "division_no", "effective_date", "assignment_date", "employee_no", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7);

insert into "member_group_assignment" ("employee_no", "benefit_group_no", "effective_date", "expiration_date", "assignment_date", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7);

select "a"."group_assignment_no", "a"."benefit_group_no", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "a"."benefit_group_no") as "benefit_group_id", (select g.name from benefit_group g where g.benefit_group_no = "a"."benefit_group_no") as "name", (select g.process_status from benefit_group g where g.benefit_group_no = "a"."benefit_group_no") as "process_status", "a"."record_type", "a"."effective_date", "a"."expiration_date", "a"."assignment_date" from "member_group_assignment" as "a" where "a"."employee_no" = $1 order by "a"."effective_date" desc, "a"."group_assignment_no" desc;

select "e"."employee_no" from "employee" as "e" where "e"."employee_no" = $1 and true;

select "e"."organization_no" from "employee" as "e" where "e"."employee_no" = $1 and true;

select "e".*, "o"."name" as "organization_name", "o"."process_status" as "organization_process_status", "o"."use_cob", "o"."supports_divisions", "o"."supports_client_defined_data", "o"."supports_dependent_alternate_group", "o"."supports_different_dependent_address", "o"."require_address", "o"."require_dependent_ssn", "o"."default_dependent_ssn", "o"."generate_employee_ssn", "o"."client_id_minimum_length", "o"."client_id_maximum_length", "o"."pad_client_id_with_leading_zeros", "o"."ltrim_client_id", "o"."rtrim_client_id", "g"."benefit_group_id" as "group_id", "g"."name" as "group_name", "g"."process_status" as "group_process_status", "g"."expiration_date" as "group_expiration_date", "dv"."division_id", "dv"."division_name", "bp"."benefit_package_id", "bp"."name" as "benefit_package_name" from "employee" as "e" inner join "organization" as "o" on "o"."organization_no" = "e"."organization_no" inner join "benefit_group" as "g" on "g"."benefit_group_no" = "e"."benefit_group_no" left join "division" as "dv" on "dv"."division_no" = "e"."division_no" left join "benefit_package" as "bp" on "bp"."benefit_package_no" = "e"."benefit_package_no" where "e"."employee_no" = $1 and "e"."organization_no" = $2 and exists (select 1 from user_organization uo
    where uo.user_no = $3 and uo.organization_no = "e"."organization_no"
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = "e"."benefit_group_no")));

select "e".*, "o"."name" as "organization_name", "o"."process_status" as "organization_process_status", "o"."use_cob", "o"."supports_divisions", "o"."supports_client_defined_data", "o"."supports_dependent_alternate_group", "o"."supports_different_dependent_address", "o"."require_address", "o"."require_dependent_ssn", "o"."default_dependent_ssn", "o"."generate_employee_ssn", "o"."client_id_minimum_length", "o"."client_id_maximum_length", "o"."pad_client_id_with_leading_zeros", "o"."ltrim_client_id", "o"."rtrim_client_id", "g"."benefit_group_id" as "group_id", "g"."name" as "group_name", "g"."process_status" as "group_process_status", "g"."expiration_date" as "group_expiration_date", "dv"."division_id", "dv"."division_name", "bp"."benefit_package_id", "bp"."name" as "benefit_package_name" from "employee" as "e" inner join "organization" as "o" on "o"."organization_no" = "e"."organization_no" inner join "benefit_group" as "g" on "g"."benefit_group_no" = "e"."benefit_group_no" left join "division" as "dv" on "dv"."division_no" = "e"."division_no" left join "benefit_package" as "bp" on "bp"."benefit_package_no" = "e"."benefit_package_no" where "e"."employee_no" = $1 and "e"."organization_no" = $2 and true;

select "employee_no" from "employee" where "employee_no" = $1 for update;

select "employee_no" from "employee" where "organization_no" = $1 and "client_id" = $2;

select "employee_no" from "employee" where "organization_no" = $1 and "client_id" = $2 and "employee_no" <> $3;

select "gp"."program", "gp"."mandatory" as "group_mandatory", "mp"."member_incentive_program_no", "mp"."enrolled", "mp"."effective_date", "mp"."termination_date", "mp"."mandatory" from "benefit_group_incentive_program" as "gp" left join "member_incentive_program" as "mp" on "mp"."program" = "gp"."program" and "mp"."employee_no" = $1 and mp.dependent_no is null where "gp"."benefit_group_no" = $2;

select "h"."benefit_package_history_no", "h"."benefit_package_no", (select bp.benefit_package_id from benefit_package bp where bp.benefit_package_no = "h"."benefit_package_no") as "benefit_package_id", (select bp.name from benefit_package bp where bp.benefit_package_no = "h"."benefit_package_no") as "name", "h"."effective_date", "h"."assignment_date" from "member_benefit_package_history" as "h" where "h"."employee_no" = $1 order by "h"."effective_date" desc, "h"."benefit_package_history_no" desc;

select "h"."division_history_no", "h"."benefit_group_no", (select dv.division_id from division dv where dv.division_no = "h"."division_no") as "division_id", (select dv.division_name from division dv where dv.division_no = "h"."division_no") as "division_name", "h"."effective_date", "h"."assignment_date" from "member_division_history" as "h" where "h"."employee_no" = $1 order by "h"."effective_date" desc, "h"."division_history_no" desc;

select "h"."history_no", "h"."changed_at", "h"."changed_by", "h"."employee_no", "h"."dependent_no", "h"."event", "h"."field", "h"."old_value", "h"."new_value", case when u.user_no is null then null else u.first_name || ' ' || u.last_name end as "changed_by_name" from "member_change_history" as "h" left join "app_user" as "u" on "u"."user_no" = "h"."changed_by" where "h"."employee_no" = $1 and h.dependent_no is null order by "h"."changed_at" desc, "h"."history_no" desc limit $2 offset $3;

select "id_history_no", "historical_id", "effective_date", to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as "created_date" from "member_client_id_history" where "employee_no" = $1 order by "effective_date" desc, "id_history_no" desc;

select count(*) as "n" from "member_change_history" as "h" where "h"."employee_no" = $1 and h.dependent_no is null;

select nextval(pg_get_serial_sequence('employee', 'employee_no')) as n;

select to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD') as "d" from "member_client_id_history" where "employee_no" = $1;

update "employee" set "benefit_group_no" = $1, "group_effective_date" = $2, "group_assignment_date" = $3, "updated_by" = $4, "updated_at" = $5 where "employee_no" = $6;

update "employee" set "benefit_package_no" = $1, "benefit_package_effective_date" = $2, "benefit_package_assignment_date" = $3, "updated_by" = $4, "updated_at" = $5 where "employee_no" = $6;

update "employee" set "division_no" = $1, "division_effective_date" = $2, "updated_by" = $3, "updated_at" = $4 where "employee_no" = $5;

update "employee" set "expiration_date" = $1, "updated_by" = $2, "updated_at" = $3 where "employee_no" = $4;

update "employee" set "first_name" = $1, "client_id" = $2, "updated_by" = $3, "updated_at" = $4 where "employee_no" = $5;

update "employee" set "process_status" = $1, "expiration_date" = $2, "effective_date" = $3, "reinstatement_date" = $4, "benefit_group_no" = $5, "group_effective_date" = $6, "group_assignment_date" = $7, "division_no" = $8, "division_effective_date" = $9, "updated_by" = $10, "updated_at" = $11 where "employee_no" = $12;

update "employee" set "process_status" = $1, "expiration_date" = $2, "updated_by" = $3, "updated_at" = $4 where "employee_no" = $5;

update "member_group_assignment" set "expiration_date" = $1, "updated_by" = $2, "updated_at" = $3 where "employee_no" = $4 and "expiration_date" is null;

with ended as (
      update dependent d
         set process_status = 9, expiration_date = $1::date,
             updated_by = $2, updated_at = now()
        from dependent old
       where old.dependent_no = d.dependent_no
         and d.employee_no = $3
         and (old.process_status <> 9 or old.expiration_date is null
              or old.expiration_date > $4::date)
      returning d.dependent_no, old.process_status as old_status,
                old.expiration_date as old_expiration
    ), rows as (
      insert into member_change_history
        (changed_by, employee_no, dependent_no, event, field, old_value, new_value)
      select $5, $6, e.dependent_no, $7, f.field,
             case f.field when 'processStatus' then e.old_status::text
                          else to_char(e.old_expiration, 'YYYY-MM-DD') end,
             case f.field when 'processStatus' then '9' else $8 end
        from ended e
       cross join (values ('processStatus'), ('expirationDate')) as f(field)
       where (f.field = 'processStatus' and e.old_status <> 9)
          or (f.field = 'expirationDate'
              and e.old_expiration is distinct from $9::date)
    )
    select dependent_no from ended order by dependent_no;
