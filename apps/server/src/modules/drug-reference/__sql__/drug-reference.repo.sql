-- SQL that drug-reference.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "code", "name" from "drug_class" where code = any($1::text[]);

select "gpi_10", min("nonproprietary_name") as "name" from "drug" where gpi_10 = any($1::text[]) group by "gpi_10";

select page.*, (
        select count(*) from (select m.ndc, m.gpi_10 from ((select d.ndc, d.gpi_10 from drug d where (d.package_ndc ~>=~ $1 and d.package_ndc ~<~ $2) limit $3)) m limit $4) f
      )::int as matches
      from (select 1) one left join (
      select d.gpi_10, d.ndc, d.package_ndc, d.product_ndc, d.proprietary_name,
  d.nonproprietary_name, d.strength, d.dosage_form, d.route, d.labeler, d.brand_generic,
  d.marketing_category, d.marketing_start_date, d.marketing_end_date, d.package_description,
  c.name as class_name
      from (
        select f.ndc from (select m.ndc, m.gpi_10 from ((select d.ndc, d.gpi_10 from drug d where (d.package_ndc ~>=~ $5 and d.package_ndc ~<~ $6) order by d.ndc desc limit $7)) m order by m.ndc desc limit $8) f
        order by f.ndc desc offset $9
      ) p
      join drug d on d.ndc = p.ndc
  left join drug_class c on c.code = left(d.gpi_10, 6)) page on true
      order by page.ndc desc;

select page.*, (
      select count(*) from (
        select 1 from drug_search_class_start s where s.start = $1
        limit $2
      ) c
    )::int as classes
    from (select 1) one left join (
      select d.gpi_10, d.ndc, d.package_ndc, d.product_ndc, d.proprietary_name,
  d.nonproprietary_name, d.strength, d.dosage_form, d.route, d.labeler, d.brand_generic,
  d.marketing_category, d.marketing_start_date, d.marketing_end_date, d.package_description,
  c.name as class_name
      from (
        select s.last_ndc as ndc from drug_search_class_start s where s.start = $3
        order by s.last_ndc desc limit $4 offset $5
      ) p
      join drug d on d.ndc = p.ndc
  left join drug_class c on c.code = left(d.gpi_10, 6)
    ) page on true
    order by page.ndc desc;

with classes as (
      select s.gpi_10, max(s.last_ndc) as ndc
      from drug_search_class s
      where s.search_name like $1
      group by s.gpi_10
    ),
    page as (
      select d.gpi_10, d.ndc, d.package_ndc, d.product_ndc, d.proprietary_name,
  d.nonproprietary_name, d.strength, d.dosage_form, d.route, d.labeler, d.brand_generic,
  d.marketing_category, d.marketing_start_date, d.marketing_end_date, d.package_description,
  c.name as class_name
      from (select ndc from classes order by ndc desc limit $2 offset $3) p
      join drug d on d.ndc = p.ndc
  left join drug_class c on c.code = left(d.gpi_10, 6)
    )
    select page.*, (select count(*) from classes)::int as classes
    from (select 1) one left join page on true
    order by page.ndc desc;

with counted as (
      select coalesce(sum(n.packages), 0)::int as matches,
        (select reltuples::int from pg_class where oid = 'drug'::regclass) as total
      from drug_search_name n
      where n.search_name like $1 and n.search_name like $2
    ),
    decided as (select counted.matches, (counted.total > 0 and counted.matches > 0
    and $3::bigint * counted.total < 5 * counted.matches::bigint * counted.matches) as walk from counted)
    select page.*, decided.matches, decided.walk
    from decided left join (
      select named.* from (
      select d.gpi_10, d.ndc, d.package_ndc, d.product_ndc, d.proprietary_name,
  d.nonproprietary_name, d.strength, d.dosage_form, d.route, d.labeler, d.brand_generic,
  d.marketing_category, d.marketing_start_date, d.marketing_end_date, d.package_description,
  c.name as class_name
      from (
        select f.ndc from (select d.ndc, d.gpi_10
      from drug_search_name n
      cross join lateral (
        select d.ndc, d.gpi_10 from drug d
        where d.search_name = n.search_name
        order by d.ndc desc limit $4
      ) d
      where n.search_name like $5 and n.search_name like $6 order by d.ndc desc limit $7) f
        order by f.ndc desc offset $8
      ) p
      join drug d on d.ndc = p.ndc
  left join drug_class c on c.code = left(d.gpi_10, 6)) named
      where not (select walk from decided)
    ) page on true
    order by page.ndc desc;

with matched as (select d.ndc, d.gpi_10 from drug d
            where (d.ndc >= $1 and d.ndc < $2) and d.gpi_10 is not null
              and not (d.gpi_10 ~>=~ $3 and d.gpi_10 ~<~ $4)
            order by d.ndc desc limit $5),
        firsts as (
          (select s.gpi_10, max(s.last_ndc) as ndc
            from drug_search_class s where (s.gpi_10 ~>=~ $6 and s.gpi_10 ~<~ $7) group by s.gpi_10) union all (select distinct on (gpi_10) gpi_10, ndc from matched order by gpi_10, ndc desc)
        ),
        page as (
          select d.gpi_10, d.ndc, d.package_ndc, d.product_ndc, d.proprietary_name,
  d.nonproprietary_name, d.strength, d.dosage_form, d.route, d.labeler, d.brand_generic,
  d.marketing_category, d.marketing_start_date, d.marketing_end_date, d.package_description,
  c.name as class_name
          from (select ndc from firsts order by ndc desc limit $8 offset $9) p
          join drug d on d.ndc = p.ndc
  left join drug_class c on c.code = left(d.gpi_10, 6)
        )
        select page.*,
          (select count(*) from firsts)::int as classes,
          (select count(*) from matched)::int as matched
        from (select 1) one left join page on true
        order by page.ndc desc;
