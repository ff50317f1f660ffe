-- SQL that templates.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "dm_schema" ("name", "schema_type", "media_type", "delimiter", "has_header", "header", "footer", "fields", "created_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning "schema_no";

insert into "dm_template" ("name", "description", "read_schema_no", "write_schema_no", "file_storage_id", "mappings", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8) returning "template_no";

select "template_no", "name", "mappings" from "dm_template" order by "name";

select * from "dm_schema" where "schema_no" = $1;

select * from "dm_template" where "template_no" = $1;

update "dm_template" set "name" = $1, "description" = $2, "read_schema_no" = $3, "write_schema_no" = $4, "file_storage_id" = $5, "mappings" = $6, "updated_by" = $7, "updated_at" = $8 where "template_no" = $9;
