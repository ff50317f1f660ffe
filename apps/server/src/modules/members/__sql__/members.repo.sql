-- SQL that members.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "d"."dependent_no", "d"."employee_no", "d"."organization_no", "d"."relationship", "d"."first_name", "d"."middle_initial", "d"."last_name", "d"."birthdate", "d"."effective_date", "d"."expiration_date", "d"."process_status", (select o.name from organization o where o.organization_no = "d"."organization_no") as "organization_name" from "dependent" as "d" where true and "d"."organization_no" = $1 order by "d"."search_name" asc, d.dependent_no asc limit $2 offset $3;

select "d"."dependent_no", "d"."employee_no", "d"."organization_no", "d"."relationship", "d"."first_name", "d"."middle_initial", "d"."last_name", "d"."birthdate", "d"."effective_date", "d"."expiration_date", "d"."process_status", (select o.name from organization o where o.organization_no = "d"."organization_no") as "organization_name" from "dependent" as "d" where true and ("d"."process_status" in (1, 2) or ("d"."process_status" = 9 and "d"."expiration_date" > $1)) and "d"."birthdate" = $2 order by "d"."search_name" asc, d.dependent_no asc limit $3 offset $4;

select "d"."dependent_no", "d"."employee_no", "d"."organization_no", "d"."relationship", "d"."first_name", "d"."middle_initial", "d"."last_name", "d"."birthdate", "d"."effective_date", "d"."expiration_date", "d"."process_status", (select o.name from organization o where o.organization_no = "d"."organization_no") as "organization_name" from "dependent" as "d" where true and ("d"."search_name" >= $1 and "d"."search_name" < $2) and ("d"."process_status" in (1, 2) or ("d"."process_status" = 9 and "d"."expiration_date" > $3)) order by "d"."search_name" asc, d.dependent_no asc limit $4 offset $5;

select "e"."employee_no", "e"."organization_no", "e"."benefit_group_no", "e"."first_name", "e"."middle_initial", "e"."last_name", "e"."generated_id", "e"."client_id", "e"."birthdate", "e"."effective_date", "e"."expiration_date", "e"."process_status", (select o.name from organization o where o.organization_no = "e"."organization_no") as "organization_name", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_id", (select g.name from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_name" from "employee" as "e" where exists (select 1 from user_organization uo
    where uo.user_no = $1 and uo.organization_no = "e"."organization_no"
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = "e"."benefit_group_no"))) and ("e"."search_name" >= $2 and "e"."search_name" < $3) and ("e"."process_status" in (1, 2) or ("e"."process_status" = 9 and "e"."expiration_date" > $4)) order by "e"."search_name" asc, e.employee_no asc limit $5 offset $6;

select "e"."employee_no", "e"."organization_no", "e"."benefit_group_no", "e"."first_name", "e"."middle_initial", "e"."last_name", "e"."generated_id", "e"."client_id", "e"."birthdate", "e"."effective_date", "e"."expiration_date", "e"."process_status", (select o.name from organization o where o.organization_no = "e"."organization_no") as "organization_name", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_id", (select g.name from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_name" from "employee" as "e" where true and "e"."organization_no" = $1 order by "e"."search_name" asc, e.employee_no asc limit $2 offset $3;

select "e"."employee_no", "e"."organization_no", "e"."benefit_group_no", "e"."first_name", "e"."middle_initial", "e"."last_name", "e"."generated_id", "e"."client_id", "e"."birthdate", "e"."effective_date", "e"."expiration_date", "e"."process_status", (select o.name from organization o where o.organization_no = "e"."organization_no") as "organization_name", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_id", (select g.name from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_name" from "employee" as "e" where true and "e"."ssn_hash" = $1 order by "e"."search_name" asc, e.employee_no asc limit $2 offset $3;

select "e"."employee_no", "e"."organization_no", "e"."benefit_group_no", "e"."first_name", "e"."middle_initial", "e"."last_name", "e"."generated_id", "e"."client_id", "e"."birthdate", "e"."effective_date", "e"."expiration_date", "e"."process_status", (select o.name from organization o where o.organization_no = "e"."organization_no") as "organization_name", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_id", (select g.name from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_name" from "employee" as "e" where true and ("e"."search_name" >= $1 and "e"."search_name" < $2) and "e"."organization_no" = $3 order by "e"."search_name" desc, e.employee_no desc limit $4 offset $5;

select "e"."employee_no", "e"."organization_no", "e"."benefit_group_no", "e"."first_name", "e"."middle_initial", "e"."last_name", "e"."generated_id", "e"."client_id", "e"."birthdate", "e"."effective_date", "e"."expiration_date", "e"."process_status", (select o.name from organization o where o.organization_no = "e"."organization_no") as "organization_name", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_id", (select g.name from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") as "group_name" from "employee" as "e" where true and ("e"."search_name" >= $1 and "e"."search_name" < $2) and ("e"."process_status" in (1, 2) or ("e"."process_status" = 9 and "e"."expiration_date" > $3)) order by "e"."search_name" asc, e.employee_no asc limit $4 offset $5;

select "e"."employee_no", "e"."organization_no", "e"."first_name", "e"."middle_initial", "e"."last_name", "e"."birthdate", "e"."zip", "e"."generated_id" from "employee" as "e" where "e"."employee_no" = $1;

select 1 as "one" from "dependent" as "d" where true and "d"."organization_no" = $1 limit $2;

select 1 as "one" from "employee" as "e" where true and "e"."organization_no" = $1 limit $2;

select 1 as "one" from "employee" as "e" where true and ("e"."search_name" >= $1 and "e"."search_name" < $2) and ("e"."process_status" in (1, 2) or ("e"."process_status" = 9 and "e"."expiration_date" > $3)) limit $4;

select count(*) as "n" from "employee" as "e" where true;

select count(*) as n from ((select 1 as "one" from "dependent" as "d" where true and "d"."organization_no" = $1 limit $2)) as m;

select count(*) as n from ((select 1 as "one" from "employee" as "e" where true and "e"."organization_no" = $1 limit $2)) as m;

select count(*) as n from ((select 1 as "one" from "employee" as "e" where true and ("e"."search_name" >= $1 and "e"."search_name" < $2) and ("e"."process_status" in (1, 2) or ("e"."process_status" = 9 and "e"."expiration_date" > $3)) limit $4)) as m;
