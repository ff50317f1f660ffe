-- SQL that coverages.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "coverage_new_card_request" ("coverage_no", "employee_no", "requested_by", "created_by", "updated_by") values ($1, $2, $3, $4, $5) on conflict ("coverage_no") do nothing returning "requested_at";

insert into "temp_card_link" ("token_hash", "employee_no", "coverage_no", "organization_no", "recipient_email", "expires_at", "created_by", "updated_by") values ($1, $2, $3, $4, $5, now() + make_interval(hours => $6), $7, $8) returning "link_no", "expires_at";

select "c"."coverage_no", "c"."employee_no", case when c.expiration_date is null then (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") else c.group_id end as "group_id", "c"."name", "c"."alternate_id", "c"."hdhp", "c"."group_number", "c"."contract_number", "c"."effective_date", case
  when e.process_status = 9 and e.expiration_date is not null
   and (c.expiration_date is null or c.expiration_date > e.expiration_date)
  then e.expiration_date else c.expiration_date end as "expiration_date", "c"."supports_temp_card", "c"."supports_new_card_request", "c"."rx_bin", "c"."rx_pcn", "c"."rx_grp", "c"."customer_service_phone", "c"."help_desk_phone", "r"."requested_at" from "coverage" as "c" inner join "employee" as "e" on "e"."employee_no" = "c"."employee_no" left join "coverage_new_card_request" as "r" on "r"."coverage_no" = "c"."coverage_no" where "c"."employee_no" = $1 and "c"."coverage_no" = $2;

select "c"."coverage_no", "c"."employee_no", case when c.expiration_date is null then (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "e"."benefit_group_no") else c.group_id end as "group_id", "c"."name", "c"."alternate_id", "c"."hdhp", "c"."group_number", "c"."contract_number", "c"."effective_date", case
  when e.process_status = 9 and e.expiration_date is not null
   and (c.expiration_date is null or c.expiration_date > e.expiration_date)
  then e.expiration_date else c.expiration_date end as "expiration_date", "c"."supports_temp_card", "c"."supports_new_card_request", "c"."rx_bin", "c"."rx_pcn", "c"."rx_grp", "c"."customer_service_phone", "c"."help_desk_phone", "r"."requested_at" from "coverage" as "c" inner join "employee" as "e" on "e"."employee_no" = "c"."employee_no" left join "coverage_new_card_request" as "r" on "r"."coverage_no" = "c"."coverage_no" where "c"."employee_no" = $1 order by "c"."effective_date" desc, "c"."coverage_no" desc;

select "link_no", "employee_no", "coverage_no", "organization_no", "expires_at", "failed_attempts", "used_at", "locked_at", expires_at <= now() as "expired" from "temp_card_link" where "token_hash" = $1;

select count(*) as "n" from "temp_card_verify_failure" where "client_ip" = $1 and "at" > now() - make_interval(mins => $2);

update "temp_card_link" set "used_at" = now(), "updated_at" = now() where "link_no" = $1 and "used_at" is null and "locked_at" is null and "expires_at" > now() returning "link_no";
