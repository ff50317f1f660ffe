-- SQL that accounts.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "user_no", "active", "password_hash" from "app_user" where lower(username) = lower($1);

select "username", "first_name" from "app_user" where "user_no" = $1;

update "app_user" set "failed_login_count" = $1, "locked_until" = $2, "last_login_at" = now() where "user_no" = $3;

update "app_user" set "failed_login_count" = case when locked_until <= now() then 1 else failed_login_count + 1 end, "locked_until" = case
        when case when locked_until <= now() then 1 else failed_login_count + 1 end >= $1 then now() + make_interval(mins => $2)
        when locked_until <= now() then null
        else locked_until end where "user_no" = $3 and ("locked_until" is null or "locked_until" <= now()) returning "failed_login_count", locked_until > now() as "locked";
