-- SQL that organizations.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "benefit_group_id" from "benefit_group" where "benefit_group_no" in ($1) order by "benefit_group_id";

select "benefit_group_no", "benefit_group_id", "name", "process_status" from "benefit_group" where "organization_no" = $1 order by lower(name), "benefit_group_no";

select "benefit_group_no", "organization_no" from "benefit_group" where "benefit_group_no" in ($1);

select "kind", "name", "phone", "email" from "organization_contact" where "organization_no" = $1;

select "o"."organization_no" from "organization" as "o" where "o"."organization_no" = $1 and exists (select 1 from user_organization uo
    where uo.user_no = $2 and uo.organization_no = "o"."organization_no");

select "o"."organization_no" from "organization" as "o" where "o"."organization_no" = $1 and true;

select "o"."organization_no", "o"."name" from "organization" as "o" where true order by lower(o.name) asc, o.organization_no asc limit $1 offset $2;

select "o"."organization_no", "o"."name", "o"."type", "o"."process_status", "o"."effective_date", "o"."expiration_date" from "organization" as "o" where exists (select 1 from user_organization uo
    where uo.user_no = $1 and uo.organization_no = "o"."organization_no") order by lower(o.name) asc, o.organization_no asc limit $2 offset $3;

select "o"."organization_no", "o"."name", "o"."type", "o"."process_status", "o"."effective_date", "o"."expiration_date" from "organization" as "o" where true and lower(o.name) like lower($1) order by lower(o.name) asc, o.organization_no asc limit $2 offset $3;

select "o"."organization_no", "o"."name", "o"."type", "o"."process_status", "o"."effective_date", "o"."expiration_date" from "organization" as "o" where true order by lower(o.name) asc, o.organization_no asc limit $1 offset $2;

select "o".* from "organization" as "o" where "o"."organization_no" = $1 and exists (select 1 from user_organization uo
    where uo.user_no = $2 and uo.organization_no = "o"."organization_no");

select "o".* from "organization" as "o" where "o"."organization_no" = $1 and true;

select "organization_no" from "organization" where "organization_no" = $1;

select "organization_no", "name" from "organization" where "organization_no" in ($1);

select "organization_no", "name", "process_status", "expiration_date" from "organization" where "organization_no" in ($1);

select count(*) as "n" from "organization" as "o" where true;

select count(*) as "n" from "organization" as "o" where true and lower(o.name) like lower($1);
