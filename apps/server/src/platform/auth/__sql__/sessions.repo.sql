-- SQL that sessions.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "auth_session" ("session_id", "user_no") values ($1, $2) on conflict ("session_id") do nothing;

insert into "auth_session" ("session_id", "user_no", "ended_at") values ($1, $2, now()) on conflict ("session_id") do update set "ended_at" = coalesce(auth_session.ended_at, now());

select "s"."ended_at", s.last_seen_at < now() - make_interval(secs => case when u.user_type = 'i'
        then $1::int else $2::int end) as "idle" from "auth_session" as "s" left join "app_user" as "u" on "u"."user_no" = "s"."user_no" where "s"."session_id" = $3;
