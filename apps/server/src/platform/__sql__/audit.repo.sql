-- SQL that audit.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "audit_log" ("actor_user_no", "action", "entity", "entity_id", "detail") values ($1, $2, $3, $4, $5);

insert into audit_log (actor_user_no, action, entity, entity_id, detail)
    select $1::integer, $2::text, $3::text,
           $4::text, $5::jsonb
      from (select set_config('synchronous_commit', 'off', true)) as async_commit;

select "audit_log"."audit_id", "audit_log"."at", "audit_log"."actor_user_no", "app_user"."username" as "actor_username", "audit_log"."detail", nullif(concat_ws(' ', app_user.first_name, app_user.last_name), '') as "actor_name" from "audit_log" left join "app_user" on "app_user"."user_no" = "audit_log"."actor_user_no" where "audit_log"."entity" = $1 and "audit_log"."entity_id" = $2 and "audit_log"."action" = $3 order by audit_log.at desc, audit_log.audit_id desc limit $4 offset $5;

select count(*) as "n" from "audit_log" left join "app_user" on "app_user"."user_no" = "audit_log"."actor_user_no" where "audit_log"."entity" = $1 and "audit_log"."entity_id" = $2 and "audit_log"."action" = $3;
