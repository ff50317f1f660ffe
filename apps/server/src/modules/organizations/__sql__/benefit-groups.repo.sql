-- SQL that benefit-groups.repo.ts sent in the member record scenario of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "g"."benefit_group_no", "g"."benefit_group_id", "g"."name", "g"."process_status", "g"."effective_date", "g"."expiration_date" from "benefit_group" as "g" where "g"."organization_no" = $1 and true and "g"."benefit_group_no" = $2;
