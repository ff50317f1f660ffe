-- SQL that jobs.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "dm_job" ("template_no", "source_storage_key", "source_bytes", "created_by") values ($1, $2, $3, $4) returning "job_no";

select "dm_job".*, "dm_template"."name" as "template_name" from "dm_job" inner join "dm_template" on "dm_template"."template_no" = "dm_job"."template_no" where "dm_job"."job_no" = $1;

select "dm_template"."mappings" from "dm_job" inner join "dm_template" on "dm_template"."template_no" = "dm_job"."template_no" where "dm_job"."job_no" = $1 and "dm_job"."output_key" = $2 and "dm_job"."status" = $3;

select "job_no" from "dm_job" where "job_no" = $1 and "status" = $2 and "output_key" = $3 and "source_storage_key" = $4;

select "job_no", "status", "source_bytes", "bytes_read", "rows_read", "rows_written", "rows_dropped", "error_count", "failure", "created_at", "completed_at" from "dm_job" where "template_no" = $1 order by "created_at" desc, "job_no" desc limit $2 offset $3;

select "storage_key", "size_bytes" from "dm_sample_file" where "file_storage_id" = $1 and "created_by" = $2;

update "dm_job" set "rows_read" = $1, "rows_written" = $2, "bytes_read" = $3 where "job_no" = $4 and "attempt" = $5 and "status" = $6;

update "dm_job" set "rows_read" = $1, "rows_written" = $2, "rows_dropped" = $3, "bytes_read" = $4, "error_count" = $5, "errors" = $6, "columns" = $7, "output_key" = $8, "status" = $9, "completed_at" = $10 where "job_no" = $11 and "attempt" = $12 and "status" = $13;

update "dm_job" set "status" = $1, "attempt" = "attempt" + $2, "rows_read" = $3, "rows_written" = $4, "rows_dropped" = $5, "bytes_read" = $6, "error_count" = $7, "errors" = $8, "failure" = $9 where "job_no" = $10 and "status" != $11 returning "attempt";
