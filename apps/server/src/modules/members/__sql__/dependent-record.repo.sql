-- SQL that dependent-record.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "dependent" ("employee_no", "organization_no", "relationship", "first_name", "middle_initial", "last_name", "birthdate", "gender", "ssn_encrypted", "ssn_hash", "person_code", "effective_date", "original_effective_date", "process_status", "expiration_date", "address1", "address2", "city", "state", "zip", "is_cob_secondary", "cob_effective_date", "cob_termination_date", "client_defined_data", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26) returning "dependent_no";

select "d".*, "g"."benefit_group_no" as "group_no", "g"."benefit_group_id" as "group_id", "g"."name" as "group_name", exists (select 1 from user_organization uo
    where uo.user_no = $1 and uo.organization_no = "g"."organization_no"
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = "g"."benefit_group_no"))) as "group_visible" from "dependent" as "d" inner join "employee" as "e" on "e"."employee_no" = "d"."employee_no" inner join "benefit_group" as "g" on g.benefit_group_no = coalesce(d.alternate_benefit_group_no, e.benefit_group_no) where "d"."dependent_no" = $2 and "d"."employee_no" = $3 and "d"."organization_no" = $4;

select "d".*, "g"."benefit_group_no" as "group_no", "g"."benefit_group_id" as "group_id", "g"."name" as "group_name", true as "group_visible" from "dependent" as "d" inner join "employee" as "e" on "e"."employee_no" = "d"."employee_no" inner join "benefit_group" as "g" on g.benefit_group_no = coalesce(d.alternate_benefit_group_no, e.benefit_group_no) where "d"."dependent_no" = $1 and "d"."employee_no" = $2 and "d"."organization_no" = $3;

select "dependent_no" from "dependent" where "dependent_no" = $1 for update;

select "g"."benefit_group_no", "g"."benefit_group_id", "g"."name", "g"."process_status", "g"."effective_date", "g"."expiration_date" from "benefit_group" as "g" where "g"."organization_no" = $1 and true order by "g"."benefit_group_id", "g"."benefit_group_no";

update "dependent" set "alternate_benefit_group_no" = $1, "alternate_group_effective_date" = $2, "updated_by" = $3, "updated_at" = now() where "dependent_no" = $4;

update "dependent" set "first_name" = $1, "updated_by" = $2, "updated_at" = now() where "dependent_no" = $3;

update "dependent" set "process_status" = $1, "expiration_date" = $2, "effective_date" = $3, "updated_by" = $4, "updated_at" = now() where "dependent_no" = $5;

update "dependent" set "process_status" = $1, "expiration_date" = $2, "updated_by" = $3, "updated_at" = now() where "dependent_no" = $4;

update "dependent" set "ssn_encrypted" = $1, "ssn_hash" = $2, "updated_by" = $3, "updated_at" = now() where "dependent_no" = $4;
