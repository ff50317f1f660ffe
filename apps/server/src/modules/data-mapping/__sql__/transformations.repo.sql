-- SQL that transformations.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "transformation" ("name", "description", "kind", "definition", "expression", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7) returning "transformation_no";

select "name" from "transformation" where "transformation_no" = $1 for update;

select "t"."transformation_no", "t"."name", "t"."description", "t"."kind", "t"."definition", "t"."expression", "t"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."created_by") as "created_by_name", "t"."created_at", "t"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."updated_by") as "updated_by_name", "t"."updated_at" from "transformation" as "t" order by "t"."updated_at" desc, "t"."transformation_no" desc limit $1 offset $2;

select "t"."transformation_no", "t"."name", "t"."description", "t"."kind", "t"."definition", "t"."expression", "t"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."created_by") as "created_by_name", "t"."created_at", "t"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."updated_by") as "updated_by_name", "t"."updated_at" from "transformation" as "t" where "t"."transformation_no" = $1;

select "t"."transformation_no", "t"."name", "t"."description", "t"."kind", "t"."definition", "t"."expression", "t"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."created_by") as "created_by_name", "t"."created_at", "t"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."updated_by") as "updated_by_name", "t"."updated_at" from "transformation" as "t" where (lower(t.name) like $1 or lower(t.description) like $2) order by lower(t.name) asc, "t"."transformation_no" asc limit $3 offset $4;

select "t"."transformation_no", "t"."name", "t"."description", "t"."kind", "t"."definition", "t"."expression", "t"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."created_by") as "created_by_name", "t"."created_at", "t"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "t"."updated_by") as "updated_by_name", "t"."updated_at" from "transformation" as "t" where lower(t.name) in ($1);

select "transformation_no" from "transformation" where lower(name) = $1;

select count(*) as "n" from "transformation" as "t";

update "transformation" set "name" = $1, "description" = $2, "kind" = $3, "definition" = $4, "expression" = $5, "updated_by" = $6, "updated_at" = now() where "transformation_no" = $7;
