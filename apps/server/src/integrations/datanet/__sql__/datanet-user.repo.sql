-- SQL that datanet-user.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "username", "first_name", "last_name", "phone", "extension", "user_type" from "datanet_user" where lower(username) = $1;
