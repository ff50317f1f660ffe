-- SQL that oidc-adapter.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "oidc_payload" where "expires_at" < now();

delete from "oidc_payload" where "type" = $1 and "grant_id" = $2;

delete from "oidc_payload" where "type" = $1 and "id" = $2;

insert into "oidc_payload" ("id", "type", "payload", "grant_id", "user_code", "uid", "expires_at") values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7)) on conflict ("type", "id") do update set "payload" = $8, "grant_id" = $9, "user_code" = $10, "uid" = $11, "expires_at" = now() + make_interval(secs => $12);

select "payload", "consumed_at" from "oidc_payload" where "type" = $1 and "id" = $2 and ("expires_at" is null or "expires_at" > now());

select "payload", "consumed_at" from "oidc_payload" where "type" = $1 and "uid" = $2 and ("expires_at" is null or "expires_at" > now());

select "payload", "consumed_at" from "oidc_payload" where "type" = $1 and "user_code" = $2 and ("expires_at" is null or "expires_at" > now());

update "oidc_payload" set "consumed_at" = now() where "type" = $1 and "id" = $2;
