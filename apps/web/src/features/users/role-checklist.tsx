import { Checkbox, Skeleton, Tooltip } from 'antd';
import { ROLE_GROUPS, type RoleOption, type UserTypeName } from '@pillar/domain';
import { roleIcon } from './role-tag.tsx';

export interface RoleChecklistProps {
  type: UserTypeName;
  roles: RoleOption[] | undefined;
  loading: boolean;
  /** The roles the user held when the form opened: non-protected ones may be unticked. */
  initiallyHeld: readonly number[];
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  /** Ties the checklist to its heading and error message. */
  describedBy?: string;
}

/**
 * The roles of one user type, grouped as the spec's role groups (spec 2 §3). Roles the caller
 * may not give are disabled with the reason: protected roles without the protected-roles
 * permission, and roles that would grant more than the caller holds. A group the caller sees no
 * role of (the developer group without its permission) is not shown.
 */
export function RoleChecklist({
  type,
  roles,
  loading,
  initiallyHeld,
  value = [],
  onChange,
  disabled,
  describedBy,
}: RoleChecklistProps) {
  if (loading || !roles) return <Skeleton active paragraph={{ rows: 4 }} />;
  const chosen = new Set(value);
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(id);
    else next.delete(id);
    onChange?.([...next]);
  };
  const groups: readonly { key: string; label: string }[] = ROLE_GROUPS[type];
  return (
    <div aria-describedby={describedBy}>
      {groups.map((group) => {
        const inGroup = roles.filter((r) => r.type === type && r.group === group.key);
        if (!inGroup.length) return null;
        return (
          <fieldset key={group.key} className="role-group">
            <legend>
              {roleIcon(group.key)}
              {group.label}
            </legend>
            <div className="role-group__roles">
              {inGroup.map((role) => {
                const held = initiallyHeld.includes(role.id);
                const locked = !role.grantable && (role.protected || !held);
                const box = (
                  <Checkbox
                    checked={chosen.has(role.id)}
                    disabled={disabled || locked}
                    onChange={(event) => toggle(role.id, event.target.checked)}
                  >
                    {role.name}
                    {role.protected && <span className="sr-only"> (protected)</span>}
                  </Checkbox>
                );
                return (
                  <div key={role.id}>
                    {locked && role.reason ? <Tooltip title={role.reason}>{box}</Tooltip> : box}
                    <span className="role-group__hint">
                      {role.description}
                      {locked && role.reason ? ` ${role.reason}` : ''}
                    </span>
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
