-- SQL that files.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "file" where "file_id" = $1;

delete from "file_recipient" where "file_id" = $1 and "user_no" not in ($2);

insert into "file" ("file_id", "name", "category_id", "phi", "organization_no", "size_bytes", "sha256", "storage_key", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

insert into "file_download" ("file_id", "user_no") values ($1, $2);

insert into "file_recipient" ("file_id", "user_no", "created_by") values ($1, $2, $3);

insert into "file_recipient" ("file_id", "user_no", "created_by") values ($1, $2, $3) on conflict ("file_id", "user_no") do nothing;

select "d"."download_id", "d"."user_no", "u"."first_name", "u"."last_name", "d"."downloaded_at" from "file_download" as "d" inner join "app_user" as "u" on "u"."user_no" = "d"."user_no" where "d"."file_id" = $1 order by d.downloaded_at desc, d.download_id desc limit $2 offset $3;

select "f"."file_id", "f"."name", "f"."category_id", "f"."phi", "f"."organization_no", (select o.name from organization o where o.organization_no = "f"."organization_no") as "organization_name", "f"."created_by", u.first_name || ' ' || u.last_name as "created_by_name", "f"."created_at", "f"."size_bytes", "f"."storage_key" from "file" as "f" inner join "app_user" as "u" on "u"."user_no" = "f"."created_by" where (exists (select 1 from user_organization uo
    where uo.user_no = $1 and uo.organization_no = "f"."organization_no") and (f.created_by = $2 or exists (select 1 from file_recipient r
    where r.file_id = f.file_id and r.user_no = $3))) and "f"."file_id" = $4;

select "f"."file_id", "f"."name", "f"."category_id", "f"."phi", "f"."organization_no", (select o.name from organization o where o.organization_no = "f"."organization_no") as "organization_name", "f"."created_by", u.first_name || ' ' || u.last_name as "created_by_name", "f"."created_at", "f"."size_bytes", "f"."storage_key" from "file" as "f" inner join "app_user" as "u" on "u"."user_no" = "f"."created_by" where (exists (select 1 from user_organization uo
    where uo.user_no = $1 and uo.organization_no = "f"."organization_no") and (f.created_by = $2 or exists (select 1 from file_recipient r
    where r.file_id = f.file_id and r.user_no = $3))) and lower(f.name) like lower($4) order by lower(f.name) asc, f.file_id asc limit $5 offset $6;

select "f"."file_id", "f"."name", "f"."category_id", "f"."phi", "f"."organization_no", (select o.name from organization o where o.organization_no = "f"."organization_no") as "organization_name", "f"."created_by", u.first_name || ' ' || u.last_name as "created_by_name", "f"."created_at", "f"."size_bytes", "f"."storage_key" from "file" as "f" inner join "app_user" as "u" on "u"."user_no" = "f"."created_by" where true and "f"."file_id" = $1;

select "f"."file_id", "f"."name", "f"."category_id", "f"."phi", "f"."organization_no", (select o.name from organization o where o.organization_no = "f"."organization_no") as "organization_name", "f"."created_by", u.first_name || ' ' || u.last_name as "created_by_name", "f"."created_at", "f"."size_bytes", "f"."storage_key" from "file" as "f" inner join "app_user" as "u" on "u"."user_no" = "f"."created_by" where true order by f.created_at desc, f.file_id desc limit $1 offset $2;

select "u"."user_no", "u"."first_name", "u"."last_name" from "file_recipient" as "r" inner join "app_user" as "u" on "u"."user_no" = "r"."user_no" where "r"."file_id" = $1 order by lower(u.last_name), lower(u.first_name), u.user_no;

select "u"."user_no", "u"."first_name", "u"."last_name", "u"."user_type", (select array_agg(ro.key) from user_role ur
        join role ro on ro.role_id = ur.role_id where ur.user_no = u.user_no) as "role_keys" from "app_user" as "u" where "u"."active" = $1 and ((u.user_type = 'i' and (u.rxb_admin or u.all_organizations))
        or exists (select 1 from user_organization uo
          where uo.user_no = u.user_no and uo.organization_no = $2)) and exists (select 1 from user_role ur
        join role_permission rp on rp.role_id = ur.role_id
        where ur.user_no = u.user_no and rp.permission = $3) and "u"."user_no" <> $4 order by lower(u.first_name || ' ' || u.last_name) asc, u.user_no asc limit $5 offset $6;

select "u"."user_no", "u"."first_name", "u"."last_name", "u"."user_type", (select array_agg(ro.key) from user_role ur
        join role ro on ro.role_id = ur.role_id where ur.user_no = u.user_no) as "role_keys" from "app_user" as "u" where "u"."active" = $1 and ((u.user_type = 'i' and (u.rxb_admin or u.all_organizations))
        or exists (select 1 from user_organization uo
          where uo.user_no = u.user_no and uo.organization_no = $2)) and exists (select 1 from user_role ur
        join role_permission rp on rp.role_id = ur.role_id
        where ur.user_no = u.user_no and rp.permission = $3) and "u"."user_no" in ($4);

update "file" set "category_id" = $1, "phi" = $2, "updated_at" = now(), "updated_by" = $3 where "file_id" = $4;
