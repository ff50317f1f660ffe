-- SQL that clinical.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "health_condition_drug" where "health_condition_drug_no" = $1;

delete from "intervention_list_target_drug" where "target_drug_no" = $1;

insert into "clinical_history" ("subject", "subject_no", "change", "field", "old_value", "new_value", "changed_by") values ($1, $2, $3, $4, $5, $6, $7);

insert into "clinical_history" ("subject", "subject_no", "change", "field", "old_value", "new_value", "changed_by") values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14);

insert into "health_condition" ("name", "name_key", "created_by", "updated_by") values ($1, $2, $3, $4) returning "health_condition_no";

insert into "health_condition_drug" ("health_condition_no", "drug_code", "drug_name", "created_by") values ($1, $2, $3, $4) returning "health_condition_drug_no";

insert into "intervention" ("name", "name_key", "created_by", "updated_by") values ($1, $2, $3, $4) returning "intervention_no";

insert into "intervention_list" ("name", "name_key", "is_active", "created_by", "updated_by") values ($1, $2, $3, $4, $5) returning "intervention_list_no";

insert into "intervention_list_alternative_drug" ("target_drug_no", "drug_code", "drug_name", "created_by") values ($1, $2, $3, $4);

insert into "intervention_list_condition" ("intervention_list_no", "health_condition_no", "intervention_no", "created_by", "updated_by") values ($1, $2, $3, $4, $5) on conflict ("intervention_list_no", "health_condition_no") do update set "intervention_no" = "excluded"."intervention_no", "updated_at" = now(), "updated_by" = $6;

insert into "intervention_list_pbm" ("intervention_list_no", "pbm", "created_by") values ($1, $2, $3);

insert into "intervention_list_snapshot" ("intervention_list_no", "state", "taken_by") values ($1, $2, $3);

insert into "intervention_list_target_drug" ("intervention_list_no", "drug_code", "drug_name", "created_by") values ($1, $2, $3, $4);

select "alternative_drug_no", "target_drug_no", "drug_code", "drug_name" from "intervention_list_alternative_drug" where "target_drug_no" in ($1) order by "drug_code";

select "c"."health_condition_no", "c"."name", (select count(*)::int from health_condition_drug d where d.health_condition_no = c.health_condition_no) as "drug_count", "c"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."created_by") as "created_by_name", "c"."created_at", "c"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."updated_by") as "updated_by_name", "c"."updated_at" from "health_condition" as "c" order by "c"."name_key" asc, "c"."health_condition_no" asc limit $1 offset $2;

select "c"."health_condition_no", "c"."name", (select count(*)::int from health_condition_drug d where d.health_condition_no = c.health_condition_no) as "drug_count", "c"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."created_by") as "created_by_name", "c"."created_at", "c"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."updated_by") as "updated_by_name", "c"."updated_at" from "health_condition" as "c" where "c"."health_condition_no" = $1;

select "c"."health_condition_no", "c"."name", (select count(*)::int from health_condition_drug d where d.health_condition_no = c.health_condition_no) as "drug_count", "c"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."created_by") as "created_by_name", "c"."created_at", "c"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."updated_by") as "updated_by_name", "c"."updated_at" from "health_condition" as "c" where lower("c"."name") like lower($1) order by "c"."name_key" desc, "c"."health_condition_no" desc limit $2 offset $3;

select "d"."health_condition_drug_no", "d"."health_condition_no", "d"."drug_code", "d"."drug_name", "d"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "d"."created_by") as "created_by_name", "d"."created_at" from "health_condition_drug" as "d" where "d"."health_condition_drug_no" = $1;

select "d"."health_condition_drug_no", "d"."health_condition_no", "d"."drug_code", "d"."drug_name", "d"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "d"."created_by") as "created_by_name", "d"."created_at" from "health_condition_drug" as "d" where "d"."health_condition_no" = $1 order by lower(d.drug_name) asc, "d"."health_condition_drug_no" asc limit $2 offset $3;

select "drug_code" from "intervention_list_target_drug" where "intervention_list_no" = $1 and "drug_code" in ($2) order by "drug_code";

select "h"."clinical_history_no", "h"."changed_at", "h"."changed_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "h"."changed_by") as "changed_by_name", "h"."change", "h"."field", "h"."old_value", "h"."new_value" from "clinical_history" as "h" where "h"."subject" = $1 and "h"."subject_no" = $2 order by "h"."changed_at" desc, "h"."clinical_history_no" desc limit $3 offset $4;

select "health_condition_drug_no" from "health_condition_drug" where "health_condition_no" = $1 and "drug_code" = $2;

select "health_condition_no" as "id", "name" from "health_condition" where "name_key" = $1;

select "health_condition_no", "name" from "health_condition" where "health_condition_no" in ($1);

select "intervention_list_no" as "id" from "intervention_list" where "name_key" = $1;

select "intervention_no" as "id" from "intervention" where "name_key" = $1;

select "intervention_no", "name" from "intervention" where "intervention_no" in ($1);

select "l"."intervention_list_no", "l"."name", "l"."is_active", (select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = $1 and k.status = 'active') as "prospective_cases", (select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = $2 and k.status = 'active') as "retrospective_cases", "l"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "l"."created_by") as "created_by_name", "l"."created_at", "l"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "l"."updated_by") as "updated_by_name", "l"."updated_at" from "intervention_list" as "l" order by (select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = $3 and k.status = 'active') desc, "l"."intervention_list_no" desc limit $4 offset $5;

select "l"."intervention_list_no", "l"."name", "l"."is_active", (select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = $1 and k.status = 'active') as "prospective_cases", (select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = $2 and k.status = 'active') as "retrospective_cases", "l"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "l"."created_by") as "created_by_name", "l"."created_at", "l"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "l"."updated_by") as "updated_by_name", "l"."updated_at" from "intervention_list" as "l" where "l"."intervention_list_no" = $3;

select "l"."intervention_list_no", "l"."name", "l"."is_active", (select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = $1 and k.status = 'active') as "prospective_cases", (select count(*)::int from intervention_case k where k.intervention_list_no = l.intervention_list_no and k.kind = $2 and k.status = 'active') as "retrospective_cases", "l"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "l"."created_by") as "created_by_name", "l"."created_at", "l"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "l"."updated_by") as "updated_by_name", "l"."updated_at" from "intervention_list" as "l" where lower("l"."name") like lower($3) and "l"."is_active" = $4 order by "l"."name_key" asc, "l"."intervention_list_no" asc limit $5 offset $6;

select "name" from "health_condition" where "health_condition_no" = $1 for update;

select "name", "is_active" from "intervention_list" where "intervention_list_no" = $1 for update;

select "pbm" from "intervention_list_pbm" where "intervention_list_no" = $1;

select "s"."health_condition_no", "c"."name" as "condition_name", "s"."intervention_no", "v"."name" as "intervention_name" from "intervention_list_condition" as "s" inner join "health_condition" as "c" on "c"."health_condition_no" = "s"."health_condition_no" inner join "intervention" as "v" on "v"."intervention_no" = "s"."intervention_no" where "s"."intervention_list_no" = $1 order by "c"."name_key";

select "state" from "intervention_list_snapshot" where "intervention_list_no" = $1 and "taken_at" < $2 order by "taken_at" desc, "snapshot_no" desc limit $3;

select "t"."target_drug_no", "t"."drug_code", "t"."drug_name" from "intervention_list_target_drug" as "t" where "t"."intervention_list_no" = $1 order by "t"."drug_code" asc, "t"."target_drug_no" asc limit $2 offset $3;

select "t"."target_drug_no", "t"."drug_code", "t"."drug_name" from "intervention_list_target_drug" as "t" where "t"."intervention_list_no" = $1 order by lower(t.drug_name) asc, "t"."target_drug_no" asc limit $2 offset $3;

select "target_drug_no", "drug_code", "drug_name" from "intervention_list_target_drug" where "intervention_list_no" = $1 and "target_drug_no" = $2;

select "target_drug_no", "drug_code", "drug_name" from "intervention_list_target_drug" where "intervention_list_no" = $1 order by "drug_code";

select "v"."intervention_no", "v"."name", "v"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "v"."created_by") as "created_by_name", "v"."created_at", "v"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "v"."updated_by") as "updated_by_name", "v"."updated_at" from "intervention" as "v" order by "v"."name_key" asc, "v"."intervention_no" asc limit $1 offset $2;

select "v"."intervention_no", "v"."name", "v"."created_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "v"."created_by") as "created_by_name", "v"."created_at", "v"."updated_by", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "v"."updated_by") as "updated_by_name", "v"."updated_at" from "intervention" as "v" where "v"."intervention_no" = $1;

update "health_condition" set "name" = $1, "name_key" = $2, "updated_at" = now(), "updated_by" = $3 where "health_condition_no" = $4;

update "health_condition" set "updated_at" = now(), "updated_by" = $1 where "health_condition_no" = $2;

update "intervention_list" set "name" = $1, "name_key" = $2, "is_active" = $3, "updated_at" = now(), "updated_by" = $4 where "intervention_list_no" = $5;

update "intervention_list" set "updated_at" = now(), "updated_by" = $1 where "intervention_list_no" = $2;
