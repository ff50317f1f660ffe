import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useFileOrganizations } from '../../entities/file/index.ts';

export interface OrganizationSelectProps extends Omit<
  SelectProps<number>,
  'options' | 'showSearch' | 'filterOption' | 'onSearch'
> {
  /** Shown for the current value while it is not among the options yet. */
  knownName?: string;
}

/** A searchable select of the organizations the user may see, filled from the server. */
export function OrganizationSelect({ knownName, value, ...rest }: OrganizationSelectProps) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const organizations = useFileOrganizations(deferred.trim());
  const options = (organizations.data?.data ?? []).map((o) => ({
    value: o.organizationNo,
    label: o.name,
  }));
  if (
    value !== undefined &&
    value !== null &&
    knownName &&
    !options.some((o) => o.value === value)
  ) {
    options.unshift({ value, label: knownName });
  }
  return (
    <Select<number>
      {...rest}
      value={value}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
      loading={organizations.isFetching}
      notFoundContent={organizations.isFetching ? 'Loading…' : 'No organization found'}
    />
  );
}
