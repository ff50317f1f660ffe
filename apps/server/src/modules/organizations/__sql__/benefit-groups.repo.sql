-- SQL that benefit-groups.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "bg"."benefit_group_no", "bg"."benefit_group_id", "bg"."name", "bg"."process_status", "bg"."effective_date", "bg"."expiration_date", "bg"."dependent_alternate_group_number" from "benefit_group" as "bg" where "bg"."organization_no" = $1 and exists (select 1 from user_organization uo
    where uo.user_no = $2 and uo.organization_no = "bg"."organization_no"
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = "bg"."benefit_group_no"))) order by bg.benefit_group_id asc, bg.benefit_group_no asc limit $3 offset $4;

select "bg"."benefit_group_no", "bg"."benefit_group_id", "bg"."name", "bg"."process_status", "bg"."effective_date", "bg"."expiration_date", "bg"."dependent_alternate_group_number" from "benefit_group" as "bg" where "bg"."organization_no" = $1 and true and "bg"."benefit_group_no" = $2;

select "bg"."benefit_group_no", "bg"."benefit_group_id", "bg"."name", "bg"."process_status", "bg"."effective_date", "bg"."expiration_date", "bg"."dependent_alternate_group_number" from "benefit_group" as "bg" where "bg"."organization_no" = $1 and true order by "bg"."benefit_group_id";

select "bg"."benefit_group_no", "bg"."benefit_group_id", "bg"."name", "bg"."process_status", "bg"."effective_date", "bg"."expiration_date", "bg"."dependent_alternate_group_number" from "benefit_group" as "bg" where "bg"."organization_no" = $1 and true order by bg.benefit_group_id asc, bg.benefit_group_no asc limit $2 offset $3;

select "g"."benefit_group_no", "g"."benefit_group_id", "g"."name", "g"."process_status", "g"."effective_date", "g"."expiration_date" from "benefit_group" as "g" where "g"."organization_no" = $1 and true and "g"."benefit_group_no" = $2;
