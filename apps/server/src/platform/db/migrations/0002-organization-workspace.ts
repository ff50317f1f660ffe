import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * Organization workspace (issue 3): indexes on benefit groups, group fees, divisions and incentive programs,
 * benefit packages, plans, invoice configurations with invoices, their lines, claim summaries
 * and claim details, locations and Med D subsidies. Every list is read by organization (and
 * group), so each table leads its indexes with those columns; the sorts the calls offer follow.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    create index benefit_group_org_name on benefit_group (organization_no, lower(name), benefit_group_no);
    create index benefit_group_org_effective on benefit_group (organization_no, effective_date, benefit_group_no);
    create index benefit_group_org_status on benefit_group (organization_no, process_status, benefit_group_no);

    create table group_fee (
      fee_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      benefit_group_no integer not null references benefit_group on delete cascade,
      name text not null,
      effective_date date not null,
      expiration_date date,
      fee_amount numeric(14,2) not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      check (expiration_date is null or expiration_date >= effective_date)
    );
    create index group_fee_group on group_fee (benefit_group_no, effective_date, fee_no);
    create index group_fee_org on group_fee (organization_no, benefit_group_no, effective_date);

    create table division (
      division_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      benefit_group_no integer not null references benefit_group on delete cascade,
      division_id text not null,
      division_name text not null,
      effective_date date not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      unique (benefit_group_no, division_id)
    );
    create index division_org on division (organization_no, benefit_group_no);

    create table benefit_group_incentive_program (
      benefit_group_no integer not null references benefit_group on delete cascade,
      organization_no integer not null references organization on delete cascade,
      program text not null check (program in ('diabetic', 'cholesterol', 'asthma',
        'diabeticSupplies', 'hypertension', 'depression', 'heartDisease', 'heartFailure', 'copd',
        'weightLoss')),
      mandatory boolean not null default false,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      primary key (benefit_group_no, program)
    );
    create index benefit_group_incentive_program_org on benefit_group_incentive_program (organization_no, benefit_group_no);

    create table benefit_package (
      benefit_package_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      benefit_package_id text not null,
      name text not null,
      process_status smallint not null check (process_status in (1, 9)),
      effective_date date not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      unique (organization_no, benefit_package_id)
    );
    create index benefit_package_org_name on benefit_package (organization_no, lower(name), benefit_package_no);
    create index benefit_package_org_status on benefit_package (organization_no, process_status);

    create table plan (
      plan_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      plan_name text not null,
      plan_status smallint not null check (plan_status in (1, 9)),
      effective_date date not null,
      expiration_date date,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index plan_org_name on plan (organization_no, lower(plan_name), plan_no);
    create index plan_org_status on plan (organization_no, plan_status, plan_no);
    create index plan_org_expiration on plan (organization_no, expiration_date, plan_no);

    create table invoice_config (
      invoice_config_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      name text not null,
      distribution_method text not null,
      supports_ice boolean not null default false,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index invoice_config_org on invoice_config (organization_no, lower(name), invoice_config_no);

    create table invoice (
      invoice_no integer primary key,
      invoice_config_no integer not null references invoice_config on delete cascade,
      organization_no integer not null references organization on delete cascade,
      invoice_date date not null,
      is_tria boolean not null default false,
      period_start date not null,
      period_end date not null,
      due_date date not null,
      total_amount numeric(14,2) not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index invoice_config_date on invoice (invoice_config_no, invoice_date, invoice_no);
    create index invoice_org_date on invoice (organization_no, invoice_date, invoice_no);
    create index invoice_number_text on invoice (invoice_config_no, (invoice_no::text) text_pattern_ops);

    create table invoice_line (
      invoice_no integer not null references invoice on delete cascade,
      line_no smallint not null,
      description text not null,
      quantity numeric(14,2) not null,
      unit_amount numeric(14,2) not null,
      amount numeric(14,2) not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      primary key (invoice_no, line_no)
    );

    create table invoice_claim_summary (
      invoice_no integer not null references invoice on delete cascade,
      benefit_group_no integer not null references benefit_group on delete cascade,
      claim_count integer not null,
      ingredient_cost numeric(14,2) not null,
      dispensing_fee numeric(14,2) not null,
      member_paid numeric(14,2) not null,
      plan_paid numeric(14,2) not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer,
      primary key (invoice_no, benefit_group_no)
    );

    create table invoice_claim_detail (
      claim_detail_no serial primary key,
      invoice_no integer not null references invoice on delete cascade,
      benefit_group_no integer not null references benefit_group on delete cascade,
      claim_number text not null,
      fill_date date not null,
      member_id text not null,
      member_name text not null,
      drug_name text not null,
      ndc text not null,
      pharmacy_name text not null,
      quantity numeric(14,3) not null,
      days_supply integer not null,
      ingredient_cost numeric(14,2) not null,
      dispensing_fee numeric(14,2) not null,
      member_paid numeric(14,2) not null,
      plan_paid numeric(14,2) not null,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index invoice_claim_detail_invoice on invoice_claim_detail (invoice_no, fill_date, claim_detail_no);

    create table location (
      location_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      name text not null,
      address1 text,
      address2 text,
      city text,
      state text,
      zip text,
      phone text,
      fax text,
      email text,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index location_org_name on location (organization_no, lower(name), location_no);
    create index location_org_city on location (organization_no, lower(city), location_no);

    create table med_d_subsidy (
      med_d_subsidy_no serial primary key,
      organization_no integer not null references organization on delete cascade,
      application_id text not null,
      application_date date not null,
      uboi text,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    create index med_d_subsidy_org_date on med_d_subsidy (organization_no, application_date, med_d_subsidy_no);
    create index med_d_subsidy_org_id on med_d_subsidy (organization_no, application_id);
  `,
  );
}
