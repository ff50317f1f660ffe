-- SQL that principal.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select u.user_no, u.username, u.first_name, u.last_name, u.user_type, u.rxb_admin,
           u.all_organizations, u.active,
           (select array_agg(r.key order by r.key) from user_role ur join role r on r.role_id = ur.role_id
             where ur.user_no = u.user_no) as role_keys,
           (select array_agg(distinct rp.permission) from user_role ur
             join role_permission rp on rp.role_id = ur.role_id where ur.user_no = u.user_no) as permissions,
           (select json_agg(json_build_object('o', uo.organization_no, 'r', uo.restrict_benefit_groups,
               'g', (select array_agg(ubg.benefit_group_no) from user_benefit_group ubg
                      where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no)))
              from user_organization uo where uo.user_no = u.user_no) as organizations
      from app_user u
     where u.user_no = $1;

with p as (
    select u.user_no, u.username, u.first_name, u.last_name, u.user_type, u.rxb_admin,
           u.all_organizations, u.active,
           (select array_agg(r.key order by r.key) from user_role ur join role r on r.role_id = ur.role_id
             where ur.user_no = u.user_no) as role_keys,
           (select array_agg(distinct rp.permission) from user_role ur
             join role_permission rp on rp.role_id = ur.role_id where ur.user_no = u.user_no) as permissions,
           (select json_agg(json_build_object('o', uo.organization_no, 'r', uo.restrict_benefit_groups,
               'g', (select array_agg(ubg.benefit_group_no) from user_benefit_group ubg
                      where ubg.user_no = uo.user_no and ubg.organization_no = uo.organization_no)))
              from user_organization uo where uo.user_no = u.user_no) as organizations
      from app_user u
     where u.user_no = $1),
    idle as (
      select p.user_no, p.active, make_interval(secs => case when p.user_type = 'i'
               then $2::int else $3::int end) as idle_limit
        from p),
    touched as (
      update auth_session s set last_seen_at = now()
        from idle i
       where s.session_id = $4 and s.ended_at is null and s.user_no = i.user_no
         and i.active
         and s.last_seen_at < now() - make_interval(secs => $5)
         and s.last_seen_at >= now() - i.idle_limit
      returning s.session_id)
    select p.*,
           s.session_id is not null as session_found,
           coalesce(s.ended_at is not null, false) as session_ended,
           coalesce(s.last_seen_at < now() - i.idle_limit, false) as session_idle,
           coalesce(s.user_no is distinct from p.user_no, false) as session_other_user
      from p join idle i on i.user_no = p.user_no
      left join auth_session s on s.session_id = $6;
