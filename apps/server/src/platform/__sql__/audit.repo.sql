-- SQL that audit.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "audit_log" ("actor_user_no", "action", "entity", "entity_id", "detail") values ($1, $2, $3, $4, $5);
