-- SQL that users.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "user_benefit_group" where "user_no" = $1 and "organization_no" = $2;

insert into "app_user" ("username", "first_name", "last_name", "phone", "extension", "user_type", "rxb_admin", "all_organizations", "active", "password_hash", "external_subject", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning "user_no";

insert into "user_benefit_group" ("user_no", "organization_no", "benefit_group_no", "created_by") values ($1, $2, $3, $4);

insert into "user_feature_flag" ("user_no", "title", "value", "created_by", "updated_by") values ($1, $2, $3, $4, $5) on conflict ("user_no", "title") do update set "value" = $6, "updated_at" = now(), "updated_by" = $7;

insert into "user_history" ("user_no", "field", "old_value", "new_value", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12);

insert into "user_history" ("user_no", "field", "old_value", "new_value", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12), ($13, $14, $15, $16, $17, $18), ($19, $20, $21, $22, $23, $24), ($25, $26, $27, $28, $29, $30);

insert into "user_history" ("user_no", "field", "old_value", "new_value", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12), ($13, $14, $15, $16, $17, $18), ($19, $20, $21, $22, $23, $24), ($25, $26, $27, $28, $29, $30), ($31, $32, $33, $34, $35, $36);

insert into "user_history" ("user_no", "field", "old_value", "new_value", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12), ($13, $14, $15, $16, $17, $18), ($19, $20, $21, $22, $23, $24), ($25, $26, $27, $28, $29, $30), ($31, $32, $33, $34, $35, $36), ($37, $38, $39, $40, $41, $42), ($43, $44, $45, $46, $47, $48), ($49, $50, $51, $52, $53, $54), ($55, $56, $57, $58, $59, $60), ($61, $62, $63, $64, $65, $66);

insert into "user_organization" ("user_no", "organization_no", "restrict_benefit_groups", "created_by") values ($1, $2, $3, $4);

insert into "user_role" ("user_no", "role_id", "created_by") values ($1, $2, $3);

select "h"."history_id", "h"."field", "h"."old_value", "h"."new_value", "h"."created_at", a.first_name || ' ' || a.last_name as "changed_by", count(*) over () as "total" from "user_history" as "h" left join "app_user" as "a" on "a"."user_no" = "h"."created_by" where "h"."user_no" = $1 order by "h"."created_at" desc, "h"."history_id" desc limit $2 offset $3;

select "mail_id", "to_addresses", "subject", "text_body", "status", "created_at", count(*) over () as "total" from "mail_outbox" order by "mail_id" desc limit $1 offset $2;

select "o"."organization_no", "o"."name", "o"."process_status", "o"."expiration_date" from "organization" as "o" where exists (select 1 from user_organization tuo
        where tuo.user_no = $1 and tuo.organization_no = o.organization_no) order by lower(o.name) asc, o.organization_no asc limit $2 offset $3;

select "role_id", count(*)::int as "n" from "user_role" group by "role_id";

select "title", "value" from "user_feature_flag" where "user_no" = $1;

select "u"."user_no", "u"."first_name", "u"."last_name", "u"."username", "u"."phone", "u"."extension", "u"."user_type", "u"."active", "u"."rxb_admin", "u"."all_organizations", u.password_hash is not null as "has_password", "u"."created_at", "u"."updated_at", (select coalesce(json_agg(json_build_object(
    'id', r.role_id, 'name', r.name, 'group', r.group_key, 'type', r.user_type,
    'protected', r.protected) order by r.role_id), '[]'::json)
  from user_role ur join role r on r.role_id = ur.role_id
  where ur.user_no = "u"."user_no") as "roles" from "app_user" as "u" where "u"."user_no" = $1 and true;

select "u"."user_no", "u"."first_name", "u"."last_name", "u"."username", "u"."user_type", "u"."active", (select coalesce(json_agg(json_build_object(
    'id', r.role_id, 'name', r.name, 'group', r.group_key, 'type', r.user_type,
    'protected', r.protected) order by r.role_id), '[]'::json)
  from user_role ur join role r on r.role_id = ur.role_id
  where ur.user_no = "u"."user_no") as "roles" from "app_user" as "u" where true and "u"."active" = $1 order by lower(u.last_name || ', ' || u.first_name) asc, u.user_no asc limit $2 offset $3;

select "u"."user_no", "u"."first_name", "u"."last_name", "u"."username", "u"."user_type", "u"."active", (select coalesce(json_agg(json_build_object(
    'id', r.role_id, 'name', r.name, 'group', r.group_key, 'type', r.user_type,
    'protected', r.protected) order by r.role_id), '[]'::json)
  from user_role ur join role r on r.role_id = ur.role_id
  where ur.user_no = "u"."user_no") as "roles" from "app_user" as "u" where true and lower(u.first_name || ' ' || u.last_name) like $1 order by lower(u.username) asc, u.user_no asc limit $2 offset $3;

select "u"."user_no", "u"."first_name", "u"."last_name", "u"."username", "u"."user_type", "u"."active", (select coalesce(json_agg(json_build_object(
    'id', r.role_id, 'name', r.name, 'group', r.group_key, 'type', r.user_type,
    'protected', r.protected) order by r.role_id), '[]'::json)
  from user_role ur join role r on r.role_id = ur.role_id
  where ur.user_no = "u"."user_no") as "roles" from "app_user" as "u" where true order by lower(u.last_name || ', ' || u.first_name) asc, u.user_no asc limit $1 offset $2;

select "u"."user_no", "u"."username", "u"."user_type", "u"."rxb_admin", "u"."all_organizations", "u"."active", u.password_hash is not null as "has_password", (select array_agg(ur.role_id) from user_role ur
        where ur.user_no = u.user_no) as "role_ids", (select json_agg(json_build_object(
          'o', uo.organization_no, 'r', uo.restrict_benefit_groups,
          'g', (select array_agg(ubg.benefit_group_no) from user_benefit_group ubg
                 where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no)))
        from user_organization uo where uo.user_no = u.user_no) as "organizations" from "app_user" as "u" where "u"."user_no" = $1 and true;

select "uo"."organization_no", (select o.name from organization o where o.organization_no = "uo"."organization_no") as "name", "uo"."restrict_benefit_groups", (select json_agg(json_build_object('id', bg.benefit_group_no,
          'benefitGroupId', bg.benefit_group_id, 'name', bg.name, 'processStatus', bg.process_status)
          order by bg.name, bg.benefit_group_no)
        from user_benefit_group ubg join benefit_group bg on bg.benefit_group_no = ubg.benefit_group_no
        where ubg.user_no = "uo"."user_no" and ubg.organization_no = "uo"."organization_no") as "groups" from "user_organization" as "uo" where "uo"."user_no" = $1 and true order by (select lower(o.name) from organization o where o.organization_no = "uo"."organization_no"), "uo"."organization_no";

select "user_no" from "app_user" where lower(username) = $1;

select "user_no", "first_name", "last_name", "username", "phone", "extension" from "app_user" where "user_no" = $1;

select "user_no", "username" from "app_user" where lower(username) = $1;

select count(*) as "n" from "app_user" as "u" where true;

select count(*) as "n" from "app_user" as "u" where true and "u"."active" = $1;

select password_hash is not null as "has_password" from "app_user" where "user_no" = $1;

update "app_user" set "first_name" = $1, "last_name" = $2, "phone" = $3, "extension" = $4, "updated_at" = now(), "updated_by" = $5 where "user_no" = $6;

update "app_user" set "first_name" = $1, "last_name" = $2, "phone" = $3, "extension" = $4, "user_type" = $5, "rxb_admin" = $6, "all_organizations" = $7, "active" = $8, "updated_at" = now(), "updated_by" = $9 where "user_no" = $10;

update "user_organization" set "restrict_benefit_groups" = $1 where "user_no" = $2 and "organization_no" = $3;
