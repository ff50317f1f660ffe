-- SQL that member-portal-account.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "account_id", "blocked" from "member_portal_account" where lower(email) = $1;

update "member_portal_account" set "blocked" = $1, "blocked_at" = $2, "failed_login_count" = $3, "updated_at" = now() where "account_id" = $4;
