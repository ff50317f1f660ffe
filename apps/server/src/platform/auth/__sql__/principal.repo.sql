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
