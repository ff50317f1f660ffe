-- SQL that prior-auth.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "c"."pa_case_id", "c"."service_name", "c"."status", to_char(c.request_date, 'YYYY-MM-DD') as "request_date", "e"."event_id", "e"."event_type", to_char(e.event_end_date, 'YYYY-MM-DD') as "event_end_date", to_char(c.coverage_start_date, 'YYYY-MM-DD') as "coverage_start_date", to_char(c.coverage_end_date, 'YYYY-MM-DD') as "coverage_end_date", "c"."prescriber_name", "c"."prescriber_explanation", "c"."outcome", "c"."is_protect_service", "c"."agadia_member_id", "c"."replaced_by_pa_case_id" from "pa_case" as "c" left join lateral (select "ev"."event_id", "ev"."event_type", "ev"."event_end_date" from "pa_event" as "ev" where "ev"."pa_case_id" = "c"."pa_case_id" order by "ev"."event_date" desc, "ev"."event_id" desc limit $1) as "e" on true where "c"."alternate_id" = $2
    and "c"."birthdate" = $3
    and lower("c"."last_name") = $4
    and lower("c"."first_name") = $5 order by "c"."request_date" desc, "c"."pa_case_id";

select "c"."pa_case_id", "c"."service_name", "c"."status", to_char(c.request_date, 'YYYY-MM-DD') as "request_date", "e"."event_id", "e"."event_type", to_char(e.event_end_date, 'YYYY-MM-DD') as "event_end_date", to_char(c.coverage_start_date, 'YYYY-MM-DD') as "coverage_start_date", to_char(c.coverage_end_date, 'YYYY-MM-DD') as "coverage_end_date", "c"."prescriber_name", "c"."prescriber_explanation", "c"."outcome", "c"."is_protect_service", "c"."agadia_member_id", "c"."replaced_by_pa_case_id", "c"."agadia_data_old", "c"."agadia_data_new" from "pa_case" as "c" left join lateral (select "ev"."event_id", "ev"."event_type", "ev"."event_end_date" from "pa_event" as "ev" where "ev"."pa_case_id" = "c"."pa_case_id" order by "ev"."event_date" desc, "ev"."event_id" desc limit $1) as "e" on true where "c"."alternate_id" = $2
    and "c"."birthdate" = $3
    and lower("c"."last_name") = $4
    and lower("c"."first_name") = $5 and "c"."pa_case_id" = $6;

select "l"."intervention_summary_id", "l"."contact_date", "l"."contact_type", "l"."contact_description", "l"."assigned_to", "l"."status_description" from "pa_interaction_log" as "l" inner join "pa_case" as "c" on "c"."pa_case_id" = "l"."pa_case_id" where "c"."alternate_id" = $1
    and "c"."birthdate" = $2
    and lower("c"."last_name") = $3
    and lower("c"."first_name") = $4 and "l"."pa_case_id" = $5 order by "l"."contact_date" asc, "l"."intervention_summary_id" asc;

select "l"."intervention_summary_id", "l"."contact_date", "l"."contact_type", "l"."contact_description", "l"."assigned_to", "l"."status_description" from "pa_interaction_log" as "l" inner join "pa_case" as "c" on "c"."pa_case_id" = "l"."pa_case_id" where "c"."alternate_id" = $1
    and "c"."birthdate" = $2
    and lower("c"."last_name") = $3
    and lower("c"."first_name") = $4 order by "l"."contact_date" desc, "l"."intervention_summary_id" desc;

select "r"."reviewer", to_char(r.eff_date, 'YYYY-MM-DD') as "eff_date", to_char(r.exp_date, 'YYYY-MM-DD') as "exp_date" from "pa_reviewer_history" as "r" where "r"."alternate_id" = $1
    and "r"."birthdate" = $2
    and lower("r"."last_name") = $3
    and lower("r"."first_name") = $4 order by "r"."eff_date" desc;
