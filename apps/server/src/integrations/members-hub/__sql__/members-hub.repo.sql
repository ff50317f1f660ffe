-- SQL that members-hub.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "member_communication_preference" ("organization_no", "employee_no", "dependent_no", "phone_number", "email_address", "sms_opted", "email_opted", "call_opted", "voice_mail_opted", "source", "last_updated_by", "last_updated_by_user_no", "last_update_time") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now()) on conflict (employee_no, coalesce(dependent_no, 0)) do update set "phone_number" = $13, "email_address" = $14, "sms_opted" = $15, "email_opted" = $16, "call_opted" = $17, "voice_mail_opted" = $18, "source" = $19, "last_updated_by" = $20, "last_updated_by_user_no" = $21, "last_update_time" = now();

insert into "member_confidentiality" ("organization_no", "employee_no", "dependent_no", "is_confidential", "source", "updated_by", "updated_by_user_no", "updated_date") values ($1, $2, $3, $4, $5, $6, $7, now()) on conflict ("dependent_no") do update set "is_confidential" = $8, "source" = $9, "updated_by" = $10, "updated_by_user_no" = $11, "updated_date" = now();

select "is_confidential", "updates_allowed", "source", "updated_by", "updated_date" from "member_confidentiality" where "dependent_no" = $1 and "employee_no" = $2;

select * from "member_communication_preference" where "employee_no" = $1 and "dependent_no" = $2;

select * from "member_communication_preference" where "employee_no" = $1 and "dependent_no" is null;
