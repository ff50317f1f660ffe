-- SQL that price-files.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "price_file" where "price_file_no" = $1;

insert into "price_file" ("file_name", "layout", "bad_rows", "loaded_by") values ($1, $2, $3, $4) returning "price_file_no";

insert into "price_file_row" ("price_file_no", "ndc", "effective_date", "unit_price") values ($1, $2, $3, $4);

select "f"."price_file_no" as "priceFileNo", "f"."file_name" as "fileName", "f"."layout", "f"."rows_read" as "rowsRead", "f"."rows_loaded" as "rowsLoaded", "f"."rows_bad" as "rowsBad", "f"."bad_rows" as "badRows", "f"."loaded_at" as "loadedAt", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = f.loaded_by) as "loadedByName" from "price_file" as "f" where "f"."complete" = $1 and "f"."activated_at" is not null order by "f"."activated_at" desc, "f"."price_file_no" desc limit $2;

select "f"."price_file_no" as "priceFileNo", "f"."file_name" as "fileName", "f"."layout", "f"."rows_read" as "rowsRead", "f"."rows_loaded" as "rowsLoaded", "f"."rows_bad" as "rowsBad", "f"."bad_rows" as "badRows", "f"."loaded_at" as "loadedAt", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = f.loaded_by) as "loadedByName" from "price_file" as "f" where "f"."complete" = $1 and "f"."price_file_no" = $2;

select "f"."price_file_no" as "priceFileNo", "f"."file_name" as "fileName", "f"."layout", "f"."rows_read" as "rowsRead", "f"."rows_loaded" as "rowsLoaded", "f"."rows_bad" as "rowsBad", "f"."bad_rows" as "badRows", "f"."loaded_at" as "loadedAt", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = f.loaded_by) as "loadedByName" from "price_file" as "f" where "f"."complete" = $1 order by "f"."loaded_at" desc, "f"."price_file_no" desc;

update "price_file" set "activated_at" = clock_timestamp() where "price_file_no" = $1 and "complete" = $2;

update "price_file" set "rows_read" = $1, "rows_loaded" = $2, "rows_bad" = $3, "bad_rows" = $4, "complete" = $5, "activated_at" = clock_timestamp() where "price_file_no" = $6;
