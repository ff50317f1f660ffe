-- SQL that pricing.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "fa_grid_version" ("fa_job_no", "result") values ($1, $2) returning "fa_grid_version_no";

insert into "fa_job" ("prospect_opportunity_no", "mapped_claims_file_no", "selections", "created_by") values ($1, $2, $3, $4) returning *;

select "j".*, "v"."result" as "version_result" from "fa_grid_version" as "v" inner join "fa_job" as "j" on "j"."fa_job_no" = "v"."fa_job_no" where "v"."fa_grid_version_no" = $1 and "j"."prospect_opportunity_no" = $2 and "j"."mapped_claims_file_no" = $3 and "j"."status" = $4;

select * from "fa_job" where "fa_job_no" = $1;

select * from "fa_job" where "prospect_opportunity_no" = $1 and "mapped_claims_file_no" = $2 order by "fa_job_no" desc limit $3;

update "fa_job" set "status" = $1, "started_at" = $2, "updated_at" = $3 where "fa_job_no" = $4 and "status" in ($5, $6) returning "fa_job_no";

update "fa_job" set "status" = $1, "system_message" = $2, "claims_key" = $3, "classified_key" = $4, "claims_read" = $5, "exclusions" = $6, "reversed_pairs" = $7, "bad_rows" = $8, "result" = $9, "finished_at" = $10, "updated_at" = $11 where "fa_job_no" = $12;
