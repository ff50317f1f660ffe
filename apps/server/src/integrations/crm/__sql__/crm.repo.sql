-- SQL that crm.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "crm_account" ("sf_id", "name", "kind") values ($1, $2, $3), ($4, $5, $6) on conflict ("sf_id") do nothing;

insert into "crm_opportunity" ("sf_id", "name", "account_no", "broker_account_no", "owner_user_no", "fa_user_no", "spa", "stage_name", "employees", "members", "incumbent_pbm", "tpa", "med_vendor", "target_effective_date", "erisa", "strategic_group", "in_house_pharmacy_name", "npi_number", "nabp_number", "analysis_due_from_fa", "analysis_due_date") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21);

insert into "crm_user" ("sf_id", "name", "email") values ($1, $2, $3), ($4, $5, $6) on conflict ("sf_id") do nothing;

select "o".*, "a"."name" as "employer", "b"."name" as "broker", "ow"."name" as "owner_name", "ow"."email" as "owner_email", "fa"."name" as "fa_name", "fa"."email" as "fa_email" from "crm_opportunity" as "o" inner join "crm_account" as "a" on "a"."crm_account_no" = "o"."account_no" left join "crm_account" as "b" on "b"."crm_account_no" = "o"."broker_account_no" left join "crm_user" as "ow" on "ow"."crm_user_no" = "o"."owner_user_no" left join "crm_user" as "fa" on "fa"."crm_user_no" = "o"."fa_user_no" where (lower(a.name) like lower($1) or lower(o.name) like lower($2)) order by lower(a.name), "o"."sf_id" limit $3;

select "o".*, "a"."name" as "employer", "b"."name" as "broker", "ow"."name" as "owner_name", "ow"."email" as "owner_email", "fa"."name" as "fa_name", "fa"."email" as "fa_email" from "crm_opportunity" as "o" inner join "crm_account" as "a" on "a"."crm_account_no" = "o"."account_no" left join "crm_account" as "b" on "b"."crm_account_no" = "o"."broker_account_no" left join "crm_user" as "ow" on "ow"."crm_user_no" = "o"."owner_user_no" left join "crm_user" as "fa" on "fa"."crm_user_no" = "o"."fa_user_no" where left(o.sf_id, 15) = $1;

select "sf_id", "crm_account_no" from "crm_account" where "sf_id" in ($1, $2);

select "sf_id", "crm_user_no" from "crm_user" where "sf_id" in ($1, $2);

update "crm_opportunity" set "stage_name" = $1, "last_modified_at" = now() where left(sf_id, 15) = $2;
