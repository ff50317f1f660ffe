-- SQL that sign-in-throttle.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "sign_in_failure" where "account_key" = $1;

delete from "sign_in_failure" where "address" = $1 and "account_key" = $2;

delete from "sign_in_failure" where "created_at" < now() - interval '1 day';

insert into "sign_in_failure" ("address", "account_key") values ($1, $2);

select
      coalesce((select max(created_at) + make_interval(secs => least(
                  power(2, count(*) - $1), $2)) > now()
                  and count(*) >= $3
                  from sign_in_failure
                 where address = $4 and created_at > now() - make_interval(secs => $5)), false) as address,
      coalesce((select max(created_at) + make_interval(secs => $6) > now()
                  and count(*) >= $7
                  from sign_in_failure
                 where address = $8 and account_key = $9
                   and created_at > now() - make_interval(secs => $10)), false) as pair,
      coalesce((select max(created_at) + make_interval(secs => least(
                  power(2, count(*) - $11), $12)) > now()
                  and count(*) >= $13
                  from sign_in_failure
                 where account_key = $14 and created_at > now() - make_interval(secs => $15)), false) as account;
