-- SQL that auth-organizations.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "o"."organization_no", "o"."name", "o"."process_status", "o"."effective_date", "o"."expiration_date" from "organization" as "o" where "o"."organization_no" = $1 and true;

select "o"."organization_no", "o"."name", "o"."process_status", "o"."effective_date", "o"."expiration_date" from "organization" as "o" where true and "o"."organization_no" in ($1) order by lower(o.name) asc, o.organization_no asc limit $2 offset $3;

select "o"."organization_no", "o"."name", "o"."process_status", "o"."effective_date", "o"."expiration_date" from "organization" as "o" where true and lower(o.name) like lower($1) order by lower(o.name) asc, o.organization_no asc limit $2 offset $3;
