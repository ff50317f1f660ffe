-- SQL that organizations.repo.ts sent in the member record scenario of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "o".* from "organization" as "o" where "o"."organization_no" = $1 and true;
