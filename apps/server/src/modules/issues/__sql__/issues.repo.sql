-- SQL that issues.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "member_issue_attachment" where "file_id" = $1 and "issue_no" = $2;

insert into "member_issue" ("organization_no", "employee_no", "dependent_no", "process_status", "further_action", "call_id", "communication_method", "relationship", "caller_name", "phone_no", "npi", "location", "member_issue_type_no", "member_issue_subtype_no", "eocs", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning "issue_no";

insert into "member_issue_attachment" ("file_id", "position", "issue_no", "file_name", "size_bytes", "sha256", "storage_key", "created_by") values ($1, $2, $3, $4, $5, $6, $7, $8);

insert into "member_issue_comment" ("issue_no", "comment", "created_by") values ($1, $2, $3);

select "a"."file_id", "a"."file_name", "a"."size_bytes", "a"."storage_key", "a"."created_by", "a"."created_at" from "member_issue_attachment" as "a" where "a"."issue_no" = $1 and "a"."file_id" = $2 and "a"."file_name" = $3;

select "a"."file_id", "a"."file_name", "a"."size_bytes", "a"."storage_key", "a"."created_by", "a"."created_at" from "member_issue_attachment" as "a" where "a"."issue_no" = $1 order by "a"."created_at", "a"."position", "a"."file_id";

select "c"."issue_comment_no", "c"."comment", "c"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."created_by") as "created_by_name", "c"."created_at" from "member_issue_comment" as "c" where "c"."issue_no" = $1 order by "c"."issue_comment_no";

select "i"."issue_no", "i"."created_at", "i"."process_status", "t"."name" as "type_name", "s"."name" as "subtype_name", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "i"."created_by") as "created_by_name", (select e.first_name || ' ' || e.last_name from employee e
    where e.employee_no = "i"."employee_no") as "employee_name", (select d.first_name || ' ' || d.last_name from dependent d
    where d.dependent_no = "i"."dependent_no") as "dependent_name", coalesce((select o.name from organization o where o.organization_no = "i"."organization_no"), $1) as "organization_name", (select c.comment from member_issue_comment c where c.issue_no = i.issue_no
        order by c.issue_comment_no limit 1) as "details" from "member_issue" as "i" inner join "member_issue_type" as "t" on "t"."member_issue_type_no" = "i"."member_issue_type_no" inner join "member_issue_subtype" as "s" on "s"."member_issue_subtype_no" = "i"."member_issue_subtype_no" where (case
    when i.employee_no is not null then exists (select 1 from employee e where e.employee_no = "i"."employee_no"
    and exists (select 1 from user_organization uo
    where uo.user_no = $2 and uo.organization_no = "e"."organization_no"
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = "e"."benefit_group_no"))))
    when i.organization_no is not null then exists (select 1 from user_organization uo
    where uo.user_no = $3 and uo.organization_no = "i"."organization_no")
    else (false or i.created_by = $4)
  end) and "i"."created_by" = $5 and i.process_status <> 3 order by i.created_at desc, i.issue_no desc limit $6 offset $7;

select "i"."issue_no", "i"."created_at", "i"."process_status", "t"."name" as "type_name", "s"."name" as "subtype_name", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "i"."created_by") as "created_by_name", (select e.first_name || ' ' || e.last_name from employee e
    where e.employee_no = "i"."employee_no") as "employee_name", (select d.first_name || ' ' || d.last_name from dependent d
    where d.dependent_no = "i"."dependent_no") as "dependent_name", coalesce((select o.name from organization o where o.organization_no = "i"."organization_no"), $1) as "organization_name", (select c.comment from member_issue_comment c where c.issue_no = i.issue_no
        order by c.issue_comment_no limit 1) as "details" from "member_issue" as "i" inner join "member_issue_type" as "t" on "t"."member_issue_type_no" = "i"."member_issue_type_no" inner join "member_issue_subtype" as "s" on "s"."member_issue_subtype_no" = "i"."member_issue_subtype_no" where (case
    when i.employee_no is not null then exists (select 1 from employee e where e.employee_no = "i"."employee_no"
    and exists (select 1 from user_organization uo
    where uo.user_no = $2 and uo.organization_no = "e"."organization_no"
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = "e"."benefit_group_no"))))
    when i.organization_no is not null then exists (select 1 from user_organization uo
    where uo.user_no = $3 and uo.organization_no = "i"."organization_no")
    else (false or i.created_by = $4)
  end) and "i"."employee_no" = $5 and "i"."created_at" >= $6 and "i"."dependent_no" = $7 order by "i"."created_at" desc, "i"."issue_no" desc limit $8;

select "i"."issue_no", "i"."organization_no", "i"."employee_no", "i"."dependent_no", "i"."process_status", "i"."further_action", "i"."call_id", "i"."communication_method", "i"."relationship", "i"."caller_name", "i"."phone_no", "i"."npi", "i"."location", "i"."member_issue_type_no", "t"."name" as "type_name", "i"."member_issue_subtype_no", "s"."name" as "subtype_name", "i"."eocs", "i"."created_at", "i"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "i"."created_by") as "created_by_name", "i"."closed_at", case when i.closed_by is null then null else (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "i"."closed_by") end as "closed_by_name", coalesce((select o.name from organization o where o.organization_no = "i"."organization_no"), $1) as "organization_name", (select e.first_name || ' ' || e.last_name from employee e
    where e.employee_no = "i"."employee_no") as "employee_name", (select d.first_name || ' ' || d.last_name from dependent d
    where d.dependent_no = "i"."dependent_no") as "dependent_name", (select e.generated_id from employee e
    where e.employee_no = "i"."employee_no") as "generated_id" from "member_issue" as "i" inner join "member_issue_type" as "t" on "t"."member_issue_type_no" = "i"."member_issue_type_no" inner join "member_issue_subtype" as "s" on "s"."member_issue_subtype_no" = "i"."member_issue_subtype_no" where "i"."issue_no" = $2 and (case
    when i.employee_no is not null then exists (select 1 from employee e where e.employee_no = "i"."employee_no"
    and exists (select 1 from user_organization uo
    where uo.user_no = $3 and uo.organization_no = "e"."organization_no"
      and (not uo.restrict_benefit_groups or exists (select 1 from user_benefit_group ubg
        where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no
          and ubg.benefit_group_no = "e"."benefit_group_no"))))
    when i.organization_no is not null then exists (select 1 from user_organization uo
    where uo.user_no = $4 and uo.organization_no = "i"."organization_no")
    else (false or i.created_by = $5)
  end);

select "member_issue_subtype_no", "member_issue_type_no", "name" from "member_issue_subtype" order by "member_issue_type_no", "sort_order", "member_issue_subtype_no";

select "member_issue_type_no", "name" from "member_issue_type" order by "sort_order", "member_issue_type_no";

select "t"."member_issue_type_no", "s"."member_issue_subtype_no" from "member_issue_type" as "t" left join "member_issue_subtype" as "s" on "s"."member_issue_type_no" = "t"."member_issue_type_no" and "s"."member_issue_subtype_no" = $1 where "t"."member_issue_type_no" = $2;

update "member_issue" set "process_status" = $1, "closed_at" = now(), "closed_by" = $2, "updated_at" = now(), "updated_by" = $3 where "issue_no" = $4 and "process_status" = $5;

update "member_issue" set "updated_at" = now(), "updated_by" = $1 where "issue_no" = $2;
