-- SQL that ssn-reveal.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select count(*) as "n" from "audit_log" where "actor_user_no" = $1 and "at" > now() - make_interval(secs => $2) and "action" in ($3, $4);

select pg_advisory_xact_lock($1::int4, $2::int4);
