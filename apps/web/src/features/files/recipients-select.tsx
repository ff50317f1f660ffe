import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { USER_TYPES, type FileRecipient } from '@pillar/domain';
import { useFileRecipients } from '../../entities/file/index.ts';

export interface RecipientsSelectProps extends Omit<
  SelectProps<number[]>,
  'options' | 'mode' | 'showSearch' | 'filterOption'
> {
  organizationNo: number | undefined;
  /** A PHI file may only go to users who may receive PHI; the others are offered but disabled. */
  phi: boolean;
  /** Recipients already chosen, so their names show before the search answers. */
  known?: readonly FileRecipient[];
}

/** The users of an organization a file may be sent to (spec 3 §5 "recipients"). */
export function RecipientsSelect({
  organizationNo,
  phi,
  known = [],
  ...rest
}: RecipientsSelectProps) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const recipients = useFileRecipients(organizationNo, deferred.trim());
  const options = (recipients.data?.data ?? []).map((r) => {
    const blocked = phi && !r.canReceivePhi;
    const kind = USER_TYPES[r.userType];
    return {
      value: r.userId,
      label: blocked ? `${r.fullName} (${kind}, cannot receive PHI)` : `${r.fullName} (${kind})`,
      disabled: blocked,
    };
  });
  for (const r of known) {
    if (!options.some((o) => o.value === r.userId)) {
      options.push({ value: r.userId, label: r.fullName, disabled: false });
    }
  }
  return (
    <Select<number[]>
      {...rest}
      mode="multiple"
      disabled={organizationNo === undefined || rest.disabled}
      placeholder={
        organizationNo === undefined ? 'Choose an organization first' : 'Choose recipients'
      }
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
      loading={recipients.isFetching}
      notFoundContent={recipients.isFetching ? 'Loading…' : 'No user of this organization found'}
    />
  );
}
