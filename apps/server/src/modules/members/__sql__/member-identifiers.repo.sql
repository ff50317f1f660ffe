-- SQL that member-identifiers.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "e"."employee_no", "e"."organization_no", "d"."dependent_no" from "employee" as "e" left join "dependent" as "d" on "d"."employee_no" = "e"."employee_no" and "d"."birthdate" = $1 and lower(d.first_name) = $2 and lower(d.last_name) = $3 where (e.alternate_id = $4 or e.generated_id = $5) and true and (("e"."birthdate" = $6 and lower(e.first_name) = $7 and lower(e.last_name) = $8) or "d"."dependent_no" is not null) order by d.dependent_no is not null, "d"."dependent_no" limit $9;
