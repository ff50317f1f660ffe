import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { INFINITE_SELECT_SEARCH_DELAY_MS, scrolledPastHalf } from './infinite-select-rules.ts';

export interface InfiniteSelectProps<V extends string | number> extends Omit<
  SelectProps<V>,
  'options' | 'showSearch' | 'filterOption' | 'onSearch' | 'onPopupScroll' | 'loading'
> {
  options: { value: V; label: string }[];
  /** The search term, 500 ms after typing stops (trimmed). */
  onSearchTerm: (term: string) => void;
  /** Whether the server has more pages for the current term. */
  hasMore: boolean;
  loading: boolean;
  /** Asks for the next page; called when the list is scrolled past half. */
  onLoadMore: () => void;
}

/**
 * The generic infinite-scroll select (spec 2 §2 "Generic widgets", §9): a searchable select
 * whose options come from the server page by page. The caller owns the pages (an infinite
 * query); this owns the debounce and the scroll rule.
 */
export function InfiniteSelect<V extends string | number>({
  options,
  onSearchTerm,
  hasMore,
  loading,
  onLoadMore,
  onOpenChange,
  ...rest
}: InfiniteSelectProps<V>) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearchTerm(typed.trim()), INFINITE_SELECT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, onSearchTerm]);

  return (
    <Select<V>
      {...rest}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
        onOpenChange?.(open);
      }}
      onPopupScroll={(event) => {
        if (hasMore && !loading && scrolledPastHalf(event.currentTarget)) onLoadMore();
      }}
      loading={loading}
    />
  );
}
