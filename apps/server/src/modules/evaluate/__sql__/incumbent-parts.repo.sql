-- SQL that incumbent-parts.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "incumbent_contact" where "prospect_opportunity_no" = $1;

delete from "incumbent_fee_item" where "prospect_opportunity_no" = $1 and "list" = $2;

delete from "incumbent_insight" where "prospect_opportunity_no" = $1 and "incumbent_insight_no" = $2;

delete from "incumbent_pricing_insight" where "prospect_opportunity_no" = $1;

delete from "incumbent_renewal" where "prospect_opportunity_no" = $1;

delete from "incumbent_renewal" where "prospect_opportunity_no" = $1 and "incumbent_renewal_no" = $2 returning "slot";

insert into "incumbent_aggregate" ("prospect_opportunity_no", "rebate", "is_rebate_used", "total_member", "is_total_member_used", "gross", "is_gross_used", "updated_at", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, now(), $8) on conflict ("prospect_opportunity_no") do update set "rebate" = $9, "is_rebate_used" = $10, "total_member" = $11, "is_total_member_used" = $12, "gross" = $13, "is_gross_used" = $14, "updated_at" = now(), "updated_by" = $15;

insert into "incumbent_contact" ("prospect_opportunity_no", "slot", "contact_name", "position", "email", "phone") values ($1, $2, $3, $4, $5, $6);

insert into "incumbent_fee_item" ("prospect_opportunity_no", "list", "position", "name", "type", "amount", "pbm") values ($1, $2, $3, $4, $5, $6, $7);

insert into "incumbent_insight" ("prospect_opportunity_no", "message", "owned_by") values ($1, $2, $3) returning "incumbent_insight_no";

insert into "incumbent_pricing_insight" ("prospect_opportunity_no", "position", "insight_name", "additional_info") values ($1, $2, $3, $4);

insert into "incumbent_renewal" ("prospect_opportunity_no", "slot", "name", "term_length", "effective_date", "source", "terms") values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14);

select "contact_name", "position", "email", "phone" from "incumbent_contact" where "prospect_opportunity_no" = $1 order by "slot";

select "i"."incumbent_insight_no", "i"."message", "i"."owned_by", "i"."created_at", "i"."updated_at", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "i"."owned_by") as "owner_name" from "incumbent_insight" as "i" where "i"."prospect_opportunity_no" = $1 order by "i"."incumbent_insight_no";

select "incumbent_renewal_no" from "incumbent_renewal" where "prospect_opportunity_no" = $1 and "slot" > $2 order by "slot";

select "incumbent_renewal_no", "name", "term_length", "effective_date", "source", "terms" from "incumbent_renewal" where "prospect_opportunity_no" = $1 order by "slot";

select "insight_name", "additional_info" from "incumbent_pricing_insight" where "prospect_opportunity_no" = $1 order by "position";

select "name", "type", "amount", "pbm" from "incumbent_fee_item" where "prospect_opportunity_no" = $1 and "list" = $2 order by "position";

select "owned_by" from "incumbent_insight" where "prospect_opportunity_no" = $1 and "incumbent_insight_no" = $2 for update;

select "rebate", "is_rebate_used", "total_member", "is_total_member_used", "gross", "is_gross_used" from "incumbent_aggregate" where "prospect_opportunity_no" = $1;

update "incumbent_insight" set "message" = $1, "updated_at" = now() where "prospect_opportunity_no" = $2 and "incumbent_insight_no" = $3;

update "incumbent_renewal" set "slot" = "slot" - $1 where "incumbent_renewal_no" = $2;
