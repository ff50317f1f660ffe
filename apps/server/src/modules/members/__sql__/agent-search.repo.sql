-- SQL that agent-search.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "m"."employee_no", "m"."dependent_no", "m"."organization_no", "m"."first_name", "m"."last_name", "m"."birthdate", "m"."zip", "m"."generated_id", "m"."client_id", "m"."alternate_id", "m"."process_status", "m"."expiration_date", (select o.name from organization o where o.organization_no = "m"."organization_no") as "organization_name" from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."birthdate" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2 offset $3) as "k" inner join "member_search" as "m" on "m"."member_no" = "k"."member_no" and "m"."kind" = "k"."kind" order by "k"."search_name" asc, "k"."member_no" asc, "k"."kind" asc;

select "m"."employee_no", "m"."dependent_no", "m"."organization_no", "m"."first_name", "m"."last_name", "m"."birthdate", "m"."zip", "m"."generated_id", "m"."client_id", "m"."alternate_id", "m"."process_status", "m"."expiration_date", (select o.name from organization o where o.organization_no = "m"."organization_no") as "organization_name" from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."organization_no" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2 offset $3) as "k" inner join "member_search" as "m" on "m"."member_no" = "k"."member_no" and "m"."kind" = "k"."kind" order by "k"."search_name" asc, "k"."member_no" asc, "k"."kind" asc;

select "m"."employee_no", "m"."dependent_no", "m"."organization_no", "m"."first_name", "m"."last_name", "m"."birthdate", "m"."zip", "m"."generated_id", "m"."client_id", "m"."alternate_id", "m"."process_status", "m"."expiration_date", (select o.name from organization o where o.organization_no = "m"."organization_no") as "organization_name" from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and (s.search_name >= $1 and s.search_name < $2) and "s"."birthdate" = $3 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $4 offset $5) as "k" inner join "member_search" as "m" on "m"."member_no" = "k"."member_no" and "m"."kind" = "k"."kind" order by "k"."search_name" asc, "k"."member_no" asc, "k"."kind" asc;

select "m"."employee_no", "m"."dependent_no", "m"."organization_no", "m"."first_name", "m"."last_name", "m"."birthdate", "m"."zip", "m"."generated_id", "m"."client_id", "m"."alternate_id", "m"."process_status", "m"."expiration_date", (select o.name from organization o where o.organization_no = "m"."organization_no") as "organization_name" from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and (s.search_name >= $1 and s.search_name < $2) and (s.first_name_key >= $3 and s.first_name_key < $4) order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $5 offset $6) as "k" inner join "member_search" as "m" on "m"."member_no" = "k"."member_no" and "m"."kind" = "k"."kind" order by "k"."search_name" asc, "k"."member_no" asc, "k"."kind" asc;

select "m"."employee_no", "m"."dependent_no", "m"."organization_no", "m"."first_name", "m"."last_name", "m"."birthdate", "m"."zip", "m"."generated_id", "m"."client_id", "m"."alternate_id", "m"."process_status", "m"."expiration_date", (select o.name from organization o where o.organization_no = "m"."organization_no") as "organization_name" from (select "u"."member_no", "u"."kind", "u"."search_name" from (select * from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."generated_id" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2) as "b0" union all select * from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."client_id" = $3 and "s"."generated_id" <> $4 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $5) as "b1") as "u" order by "u"."search_name" asc, "u"."member_no" asc, "u"."kind" asc limit $6 offset $7) as "k" inner join "member_search" as "m" on "m"."member_no" = "k"."member_no" and "m"."kind" = "k"."kind" order by "k"."search_name" asc, "k"."member_no" asc, "k"."kind" asc;

select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."birthdate" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2 offset $3;

select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."client_id" = $1 and "s"."generated_id" <> $2 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $3;

select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."generated_id" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2;

select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."organization_no" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2 offset $3;

select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and (s.search_name >= $1 and s.search_name < $2) and "s"."birthdate" = $3 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $4 offset $5;

select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and (s.search_name >= $1 and s.search_name < $2) and (s.first_name_key >= $3 and s.first_name_key < $4) order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $5 offset $6;

select "u"."member_no", "u"."kind", "u"."search_name" from (select * from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."generated_id" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2) as "b0" union all select * from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."client_id" = $3 and "s"."generated_id" <> $4 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $5) as "b1") as "u" order by "u"."search_name" asc, "u"."member_no" asc, "u"."kind" asc limit $6 offset $7;

select * from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."client_id" = $1 and "s"."generated_id" <> $2 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $3) as "b1";

select * from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."generated_id" = $1 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $2) as "b0" union all select * from (select "s"."member_no", "s"."kind", "s"."search_name" from "member_search" as "s" where true and "s"."client_id" = $3 and "s"."generated_id" <> $4 order by "s"."search_name" asc, "s"."member_no" asc, "s"."kind" asc limit $5) as "b1";

select * from (select 1 as "one" from "member_search" as "s" where true and "s"."organization_no" = $1 limit $2) as "c0" limit $3;

select * from (select 1 as "one" from "member_search" as "s" where true and (s.search_name >= $1 and s.search_name < $2) and (s.first_name_key >= $3 and s.first_name_key < $4) limit $5) as "c0" limit $6;

select 1 as "one" from "member_search" as "s" where true and "s"."organization_no" = $1 limit $2;

select 1 as "one" from "member_search" as "s" where true and (s.search_name >= $1 and s.search_name < $2) and (s.first_name_key >= $3 and s.first_name_key < $4) limit $5;

select count(*) as "n" from (select * from (select 1 as "one" from "member_search" as "s" where true and "s"."organization_no" = $1 limit $2) as "c0" limit $3) as "c";

select count(*) as "n" from (select * from (select 1 as "one" from "member_search" as "s" where true and (s.search_name >= $1 and s.search_name < $2) and (s.first_name_key >= $3 and s.first_name_key < $4) limit $5) as "c0" limit $6) as "c";
