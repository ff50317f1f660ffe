import { TeamOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useEmployeeCount } from '../../entities/member/index.ts';
import { CardSearch, HomeCard } from './home-card.tsx';
import { membersSearchPath, type MemberContext } from './member-search.ts';

const CONTEXTS: { value: MemberContext; label: string }[] = [
  { value: 'employee', label: 'Employee' },
  { value: 'dependent', label: 'Dependent' },
];

/** The Members card (spec 1 §2): the member count and a search across organizations. */
export function MembersCard() {
  const navigate = useNavigate();
  const count = useEmployeeCount(true);
  const [context, setContext] = useState<MemberContext>('employee');
  const groupName = useId();

  return (
    <HomeCard tour="members" title="Members" icon={<TeamOutlined />}>
      <p className="home-stat" aria-live="polite">
        {count.data ? (
          <>
            <span className="home-stat__value">{count.data.count.toLocaleString('en-US')}</span>{' '}
            {count.data.count === 1 ? 'member' : 'members'}
          </>
        ) : (
          <span aria-busy="true">Counting your members…</span>
        )}
      </p>
      <CardSearch
        label={context === 'employee' ? 'Search employees by name' : 'Search dependents by name'}
        name="name"
        placeholder="Last name, first name"
        onSearch={(name) => void navigate(membersSearchPath(context, name))}
      >
        <fieldset className="segmented">
          <legend className="sr-only">Search for</legend>
          {CONTEXTS.map((option) => (
            <label
              key={option.value}
              className={`segmented__option${context === option.value ? ' segmented__option--checked' : ''}`}
            >
              <input
                type="radio"
                name={groupName}
                value={option.value}
                checked={context === option.value}
                onChange={() => setContext(option.value)}
                className="segmented__input"
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </CardSearch>
    </HomeCard>
  );
}
