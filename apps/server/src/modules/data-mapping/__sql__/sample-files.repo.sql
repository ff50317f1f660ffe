-- SQL that sample-files.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "dm_sample_file" ("file_storage_id", "filename", "size_bytes", "storage_key", "created_by") values ($1, $2, $3, $4, $5);

select "filename", "storage_key" from "dm_sample_file" where "file_storage_id" = $1 and "created_by" = $2;
