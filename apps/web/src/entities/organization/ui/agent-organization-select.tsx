import { useCallback, useState } from 'react';
import { InfiniteSelect } from '../../../shared/inputs/infinite-select.tsx';
import { useAgentOrganizationPages } from '../api/agent-organizations.ts';

export interface AgentOrganizationSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
}

/**
 * The agent's organization picker (spec 2 §2 "Organization name search is a searchable select
 * with a name parameter"): the organizations in the agent's scope, 100 a page, searched by name.
 * Usage: `<Form.Item name="organizationNo" label="Organization"><AgentOrganizationSelect />`.
 */
export function AgentOrganizationSelect({
  id,
  value,
  onChange,
  placeholder = 'Any organization',
}: AgentOrganizationSelectProps) {
  const [term, setTerm] = useState('');
  const pages = useAgentOrganizationPages(term);
  const options = (pages.data?.pages ?? []).flatMap((page) =>
    page.data.map((o) => ({ value: o.organizationNo, label: o.name })),
  );
  const loadMore = useCallback(() => void pages.fetchNextPage(), [pages]);
  return (
    <InfiniteSelect<number>
      id={id}
      value={value}
      onChange={(next?: number) => onChange?.(next)}
      allowClear
      placeholder={placeholder}
      options={options}
      onSearchTerm={setTerm}
      hasMore={pages.hasNextPage}
      loading={pages.isFetching}
      onLoadMore={loadMore}
      notFoundContent={pages.isFetching ? 'Searching…' : 'No organizations match'}
    />
  );
}
