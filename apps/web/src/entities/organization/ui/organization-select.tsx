import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useOrganizationName } from '../api/get-organization.ts';
import { useOrganizationOptions } from '../api/organization-options.ts';

const SEARCH_DELAY_MS = 300;

export interface OrganizationSelectProps {
  id?: string;
  /** The organization number as text, as a search form and the URL hold it. */
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/**
 * A searchable organization select fed by the organizations list, for search forms (spec 1 §2
 * "Members page", spec 3 §2 "Imports list": "Organization (searchable select by name)"): typing
 * searches by name after a short pause; a value restored from the URL shows its organization's
 * name. Usage: `<Form.Item name="organizationNo" label="Organization"><OrganizationSelect />`.
 */
export function OrganizationSelect({ id, value, onChange }: OrganizationSelectProps) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const options = useOrganizationOptions(term);
  const found = (options.data?.data ?? []).map((o) => ({
    value: String(o.organizationNo),
    label: o.name,
  }));
  const chosen = value ? Number(value) : undefined;
  const listed = found.some((o) => o.value === value);
  const chosenName = useOrganizationName(chosen, !listed);
  const all =
    value && !listed
      ? [{ value, label: chosenName.data ?? `Organization ${value}` }, ...found]
      : found;

  return (
    <Select
      id={id}
      value={value}
      onChange={(next?: string) => onChange?.(next)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      loading={options.isFetching}
      placeholder="Any organization"
      notFoundContent={options.isFetching ? 'Searching…' : 'No organizations match'}
      options={all}
    />
  );
}
