import { Alert, Checkbox, Radio, Select, Skeleton } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useUserBenefitGroups, useUserOrganizations } from '../../entities/user/index.ts';

/** One organization of the form: all of its groups, or the chosen ones. */
export interface OrganizationSelection {
  orgId: number;
  name: string;
  all: boolean;
  groups: number[];
}

export interface OrganizationAccessInputProps {
  /** The signed-in user: the organizations and groups offered are theirs. */
  callerId: number;
  /** Client and broker users get active organizations only (spec 2 §5). */
  activeOnly: boolean;
  value?: OrganizationSelection[];
  onChange?: (value: OrganizationSelection[]) => void;
  disabled?: boolean;
  /** Field-level errors, keyed `organizations.{orgId}.groups`. */
  groupErrors?: Record<string, string>;
  id?: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function GroupChoice({
  callerId,
  selection,
  onChange,
  disabled,
  error,
}: {
  callerId: number;
  selection: OrganizationSelection;
  onChange: (next: OrganizationSelection) => void;
  disabled?: boolean;
  error?: string;
}) {
  const groups = useUserBenefitGroups(callerId, selection.orgId);
  const legendId = useId();
  const errorId = useId();
  const restricted = groups.data?.restricted ?? false;
  // Someone who holds only some groups of the organization cannot give all of them.
  useEffect(() => {
    if (restricted && selection.all) onChange({ ...selection, all: false });
  }, [restricted, selection, onChange]);
  return (
    <fieldset className="organization-grant" aria-describedby={error ? errorId : undefined}>
      <legend id={legendId}>{selection.name}</legend>
      <Radio.Group
        value={selection.all ? 'all' : 'select'}
        disabled={disabled}
        aria-labelledby={legendId}
        onChange={(event) =>
          onChange({ ...selection, all: event.target.value === 'all', groups: selection.groups })
        }
        options={[
          { value: 'all', label: 'All Groups', disabled: restricted },
          { value: 'select', label: 'Select Groups' },
        ]}
      />
      {!selection.all &&
        (groups.isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : (
          <Checkbox.Group
            className="organization-grant__groups"
            value={selection.groups}
            disabled={disabled}
            aria-label={`Groups of ${selection.name}`}
            onChange={(checked) => onChange({ ...selection, groups: checked })}
            options={(groups.data?.groups ?? []).map((g) => ({
              value: g.id,
              label: `${g.name} (${g.benefitGroupId})`,
            }))}
          />
        ))}
      {error && (
        <div id={errorId} className="ant-form-item-explain-error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/**
 * Organization access of a user form: a searchable multi-select of the organizations the signed-in
 * user may grant, and for each one chosen, all of its groups or some (spec 2 §2, §4).
 */
export function OrganizationAccessInput({
  callerId,
  activeOnly,
  value = [],
  onChange,
  disabled,
  groupErrors = {},
  id,
}: OrganizationAccessInputProps) {
  const [search, setSearch] = useState('');
  const name = useDebounced(search.trim(), 300);
  const selectedIds = value.map((s) => s.orgId);
  const options = useUserOrganizations(callerId, {
    name: name || undefined,
    activeOnly,
    include: name ? selectedIds : undefined,
  });
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const s of value) map.set(s.orgId, s.name);
    for (const o of options.data?.data ?? []) map.set(o.id, o.name);
    return map;
  }, [value, options.data]);
  const choices = useMemo(() => {
    const seen = new Set<number>();
    const list: { value: number; label: string }[] = [];
    for (const o of options.data?.data ?? []) {
      seen.add(o.id);
      list.push({ value: o.id, label: o.name });
    }
    for (const s of value) if (!seen.has(s.orgId)) list.push({ value: s.orgId, label: s.name });
    return list;
  }, [options.data, value]);

  const change = (ids: number[]) => {
    const byId = new Map(value.map((s) => [s.orgId, s]));
    onChange?.(
      ids.map(
        (orgId) =>
          byId.get(orgId) ?? {
            orgId,
            name: names.get(orgId) ?? `#${orgId}`,
            all: true,
            groups: [],
          },
      ),
    );
  };

  return (
    <div>
      <Select
        id={id}
        mode="multiple"
        showSearch={{ filterOption: false, onSearch: setSearch }}
        value={selectedIds}
        onChange={change}
        options={choices}
        disabled={disabled}
        loading={options.isFetching}
        placeholder="Search organizations"
        aria-label="Organizations"
        notFoundContent={options.isFetching ? 'Loading…' : 'No organizations found'}
        style={{ width: '100%' }}
      />
      {options.isError && (
        <Alert type="error" showIcon title="The organizations could not be loaded." />
      )}
      {value.map((selection) => (
        <GroupChoice
          key={selection.orgId}
          callerId={callerId}
          selection={selection}
          disabled={disabled}
          error={groupErrors[`organizations.${selection.orgId}.groups`]}
          onChange={(next) => onChange?.(value.map((s) => (s.orgId === next.orgId ? next : s)))}
        />
      ))}
    </div>
  );
}
