-- SQL that password-reset.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "password_reset_token" ("token_hash", "user_no", "purpose", "expires_at", "created_by", "updated_by") values ($1, $2, $3, now() + make_interval(mins => $4), $5, $6);

insert into "user_history" ("user_no", "field", "old_value", "new_value", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6);

select "t"."user_no", "u"."username", "t"."purpose" from "password_reset_token" as "t" inner join "app_user" as "u" on "u"."user_no" = "t"."user_no" where "t"."token_hash" = $1 and "t"."used_at" is null and "t"."expires_at" > now();

update "app_user" set "password_hash" = $1, "failed_login_count" = $2, "locked_until" = $3, "updated_at" = now(), "updated_by" = $4 where "user_no" = $5 returning "user_no", "username";

update "password_reset_token" set "used_at" = now(), "updated_at" = now() where "token_hash" = $1 and "used_at" is null and "expires_at" > now() returning "user_no", "purpose";

update "password_reset_token" set "used_at" = now(), "updated_at" = now() where "user_no" = $1 and "used_at" is null;

update "password_reset_token" set "used_at" = now(), "updated_at" = now(), "updated_by" = $1 where "user_no" = $2 and "purpose" = $3 and "used_at" is null;
