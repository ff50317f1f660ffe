import { Select, Typography } from 'antd';
import {
  DRUG_SEARCH_DEBOUNCE_MS,
  DRUG_SEARCH_LIMIT,
  formatNdc,
  readDrugSearchTerm,
  type DrugDetail,
} from '@pillar/domain';
import { useId, useState } from 'react';
import { useDebouncedValue } from '../../../shared/inputs/use-debounced-value.ts';
import { useDrugSearch } from '../api/search-drugs.ts';
import './drug-search-select.css';

export interface DrugSearchSelectProps {
  /** The field's id (a Form.Item's label points at it). */
  id?: string;
  /** The chosen class code (gpi_10); none shows the placeholder. */
  value?: string | null;
  /** A drug was chosen: its class code and the package the search answered for it. */
  onChange?: (code: string, drug: DrugDetail) => void;
  /** Class codes already taken (a condition's drugs): listed but not choosable. */
  excludeCodes?: readonly string[];
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** One line for a drug class: its code, its name and one package's NDC as 5-4-2. */
export function drugOptionLabel(drug: DrugDetail): string {
  const name = drug.nonproprietary_name || drug.drug_name;
  return `${drug.gpi_10 ?? '—'} · ${name} · e.g. NDC ${formatNdc(drug.ndc)}`;
}

/**
 * The drug search as a select (spec 2 §5 "Clinical", §7 "Drug search", §9): a name, an NDC or a
 * class code, searched 2 s after typing stops, 10 classes (distinct=gpi_10). Under the field it
 * says whether it is waiting, searching, or why the term cannot be searched (a numeric entry
 * must have an even number of digits). Each option is a class code with its name and an
 * example NDC. Keyboard: type, arrows to move, Enter to choose.
 *
 * Usage: `<Form.Item label="Drug" name="drug_code"><DrugSearchSelect onChange={add} /></Form.Item>`
 * or alone with `aria-label`.
 */
export function DrugSearchSelect({
  id,
  value,
  onChange,
  excludeCodes = [],
  placeholder = 'Search by drug name, NDC or class code',
  disabled,
  'aria-label': ariaLabel,
}: DrugSearchSelectProps) {
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed.trim(), DRUG_SEARCH_DEBOUNCE_MS);
  const waiting = typed.trim() !== term;
  const reading = term === '' ? undefined : readDrugSearchTerm(term);
  const search = useDrugSearch(
    { q: term, distinct: 'gpi_10', sort: 'ndc:desc', offset: 0, limit: DRUG_SEARCH_LIMIT },
    reading?.ok === true,
  );
  const drugs = reading?.ok && !waiting ? (search.data?.data ?? []) : [];
  const taken = new Set(excludeCodes);

  let hint: { text: string; error?: boolean } | undefined;
  if (typed.trim() === '') hint = undefined;
  else if (waiting) hint = { text: 'Waiting for you to stop typing…' };
  else if (reading && !reading.ok) hint = { text: reading.message, error: true };
  else if (search.isFetching) hint = { text: 'Searching…' };
  else if (search.isError) hint = { text: 'The drug search failed; try again.', error: true };
  else if (search.data)
    hint = {
      text:
        search.data.data.length === 0
          ? 'No drugs match'
          : `${search.data.data.length} of ${search.data.totalCount}${search.data.totalCountCapped ? '+' : ''} drug classes`,
    };

  return (
    <div className="drug-search-select">
      <Select<string>
        id={id}
        className="drug-search-select__input"
        aria-label={ariaLabel}
        aria-describedby={hint ? hintId : undefined}
        value={value ?? null}
        placeholder={placeholder}
        disabled={disabled}
        showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
        loading={waiting || search.isFetching}
        notFoundContent={hint?.text ?? 'Type a drug name, an NDC or a class code'}
        options={drugs.map((drug) => ({
          value: drug.gpi_10 ?? `ndc:${drug.ndc}`,
          label: drugOptionLabel(drug),
          disabled: drug.gpi_10 === null || taken.has(drug.gpi_10),
        }))}
        onSelect={(code: string) => {
          const drug = drugs.find((d) => d.gpi_10 === code);
          if (drug) onChange?.(code, drug);
        }}
        onOpenChange={(open) => {
          if (!open) setTyped('');
        }}
      />
      <Typography.Text
        id={hintId}
        className="drug-search-select__hint"
        type={hint?.error ? 'danger' : 'secondary'}
        aria-live="polite"
      >
        {hint?.text ?? ''}
      </Typography.Text>
    </div>
  );
}
