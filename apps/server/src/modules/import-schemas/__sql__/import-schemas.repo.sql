-- SQL that import-schemas.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "import_schema_field" where "import_schema_no" = $1;

delete from "import_schema_file" where "file_no" = $1;

insert into "import_configuration" ("name", "status", "organization_no", "import_schema_no", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6) returning "eic_no";

insert into "import_schema" ("name", "importer_type", "process_status", "media_type", "file_delimiter", "custom_delimiter", "edi834_filename", "header", "footer", "record_header", "ignore_header", "file_has_header_row", "description", "dm_template_id", "field_definition_mode", "use_input_date", "use_retain_student_status", "use_retain_disabled_dependent_status", "use_retain_adult_dependent_status", "use_retain_cobra_status", "use_retain_retiree_status", "dependent_record_preceded_by_employee_record", "force_group_change_for_cobra_members", "supports_organization_validation", "supports_alternate_benefit_group", "supports_update_only_records", "subordinate_records_with_term_date_equal_to_effective_date", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29) returning "import_schema_no";

insert into "import_schema_comment" ("import_schema_no", "comment", "created_by") values ($1, $2, $3) returning "comment_no";

insert into "import_schema_field" ("import_schema_no", "loc_index", "field_name", "alias", "start_loc", "end_loc") values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12);

insert into "import_schema_file" ("import_schema_no", "filename", "size_bytes", "sha256", "storage_key", "created_by") values ($1, $2, $3, $4, $5, $6) returning "file_no";

insert into "import_schema_history" ("import_schema_no", "field", "old_value", "new_value", "changed_by") values ($1, $2, $3, $4, $5);

insert into "import_schema_history" ("import_schema_no", "field", "old_value", "new_value", "changed_by") values ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10), ($11, $12, $13, $14, $15);

select "c"."eic_no", "c"."name", "c"."status", "c"."organization_no", "c"."import_schema_no", "s"."name" as "schema_name", "c"."created_at", "c"."updated_at" from "import_configuration" as "c" inner join "import_schema" as "s" on "s"."import_schema_no" = "c"."import_schema_no" where true and "c"."eic_no" = $1;

select "c"."eic_no", "c"."name", "c"."status", "c"."organization_no", "c"."import_schema_no", "s"."name" as "schema_name", "c"."created_at", "c"."updated_at" from "import_configuration" as "c" inner join "import_schema" as "s" on "s"."import_schema_no" = "c"."import_schema_no" where true and "c"."import_schema_no" = $1 order by "c"."name" asc, "c"."eic_no" asc limit $2 offset $3;

select "c"."eic_no", "c"."name", "c"."status", "c"."organization_no", "c"."import_schema_no", "s"."name" as "schema_name", "c"."created_at", "c"."updated_at" from "import_configuration" as "c" inner join "import_schema" as "s" on "s"."import_schema_no" = "c"."import_schema_no" where true and "c"."organization_no" = $1 order by "c"."name" asc, "c"."eic_no" asc limit $2 offset $3;

select "eic_no" from "import_configuration" where lower(name) = lower($1);

select "eic_no" from "import_configuration" where lower(name) = lower($1) and "eic_no" <> $2;

select "f"."file_no", "f"."import_schema_no", "f"."filename", "f"."size_bytes", "f"."storage_key", "f"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "f"."created_by") as "created_by_name", "f"."created_at" from "import_schema_file" as "f" where "f"."file_no" = $1;

select "f"."file_no", "f"."import_schema_no", "f"."filename", "f"."size_bytes", "f"."storage_key", "f"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "f"."created_by") as "created_by_name", "f"."created_at" from "import_schema_file" as "f" where "f"."import_schema_no" = $1 order by "f"."created_at" desc, "f"."file_no" desc limit $2 offset $3;

select "field_name", "alias", "start_loc", "end_loc" from "import_schema_field" where "import_schema_no" = $1 order by "loc_index";

select "h"."history_no", "h"."field", "h"."old_value", "h"."new_value", "h"."changed_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "h"."changed_by") as "changed_by_name", "h"."changed_at" from "import_schema_history" as "h" where "h"."import_schema_no" = $1 order by "h"."changed_at" desc, "h"."history_no" desc limit $2 offset $3;

select "import_schema_no" from "import_schema" where "import_schema_no" = $1;

select "m"."comment_no", "m"."comment", "m"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "m"."created_by") as "created_by_name", "m"."created_at" from "import_schema_comment" as "m" where "m"."comment_no" = $1;

select "m"."comment_no", "m"."comment", "m"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "m"."created_by") as "created_by_name", "m"."created_at" from "import_schema_comment" as "m" where "m"."import_schema_no" = $1 order by "m"."created_at" desc, "m"."comment_no" desc limit $2 offset $3;

select "s".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "s"."created_by") as "created_by_name", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "s"."updated_by") as "updated_by_name", (select count(*)::int from import_configuration c where c.import_schema_no = s.import_schema_no) as "schema_used" from "import_schema" as "s" where "s"."created_by" = $1 and "s"."importer_type" = $2 and "s"."process_status" = $3 and exists (select 1 from import_configuration c
        where c.import_schema_no = s.import_schema_no and c.organization_no = $4
          and true) order by "s"."name" asc, "s"."import_schema_no" asc limit $5 offset $6;

select "s".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "s"."created_by") as "created_by_name", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "s"."updated_by") as "updated_by_name", (select count(*)::int from import_configuration c where c.import_schema_no = s.import_schema_no) as "schema_used" from "import_schema" as "s" where "s"."import_schema_no" = $1;

select "s".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "s"."created_by") as "created_by_name", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "s"."updated_by") as "updated_by_name", (select count(*)::int from import_configuration c where c.import_schema_no = s.import_schema_no) as "schema_used" from "import_schema" as "s" where lower(s.name) like lower($1) order by "s"."name" asc, "s"."import_schema_no" asc limit $2 offset $3;

select * from "import_schema" where "import_schema_no" = $1 for update;

update "import_configuration" set "name" = $1, "status" = $2, "organization_no" = $3, "import_schema_no" = $4, "updated_by" = $5, "updated_at" = $6 where "eic_no" = $7;

update "import_schema" set "name" = $1, "importer_type" = $2, "process_status" = $3, "media_type" = $4, "file_delimiter" = $5, "custom_delimiter" = $6, "edi834_filename" = $7, "header" = $8, "footer" = $9, "record_header" = $10, "ignore_header" = $11, "file_has_header_row" = $12, "description" = $13, "dm_template_id" = $14, "field_definition_mode" = $15, "use_input_date" = $16, "use_retain_student_status" = $17, "use_retain_disabled_dependent_status" = $18, "use_retain_adult_dependent_status" = $19, "use_retain_cobra_status" = $20, "use_retain_retiree_status" = $21, "dependent_record_preceded_by_employee_record" = $22, "force_group_change_for_cobra_members" = $23, "supports_organization_validation" = $24, "supports_alternate_benefit_group" = $25, "supports_update_only_records" = $26, "subordinate_records_with_term_date_equal_to_effective_date" = $27, "updated_by" = $28, "updated_at" = $29 where "import_schema_no" = $30;
