-- SQL that mail-outbox.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "mail_outbox" ("to_addresses", "cc_addresses", "bcc_addresses", "subject", "text_body", "html_body", "attachments") values ($1, $2, $3, $4, $5, $6, $7) returning "mail_id";

select * from "mail_outbox" where "mail_id" = $1;

update "mail_outbox" set "status" = $1, "sent_at" = $2, "transport" = $3 where "mail_id" = $4;
