import { useId, type ReactNode } from 'react';

export interface HomeCardProps {
  /** Names the card for the guided tour: `data-tour="<tour>"`. */
  tour: string;
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * One dashboard card: a labelled region with a heading. Plain elements styled like antd's
 * Card, because the home page is the first page and antd's Card, Input and Radio would push
 * its JavaScript over the 250 KB budget (docs/decisions/0050).
 */
export function HomeCard({ tour, title, subtitle, icon, children }: HomeCardProps) {
  const headingId = useId();
  return (
    <section className="home-card" aria-labelledby={headingId} data-tour={tour}>
      <header className="home-card__header">
        {icon && (
          <span className="home-card__icon" aria-hidden>
            {icon}
          </span>
        )}
        <h2 id={headingId} className="home-card__title">
          {title}
        </h2>
        {subtitle !== undefined && <span className="home-card__subtitle">{subtitle}</span>}
      </header>
      <div className="home-card__body">{children}</div>
    </section>
  );
}

/** A single-field search form in a card: a visible label, a text box and a Search button. */
export function CardSearch({
  label,
  name,
  placeholder,
  onSearch,
  children,
}: {
  label: string;
  name: string;
  placeholder?: string;
  onSearch: (value: string) => void;
  /** Extra controls above the text box (the member search's Employee/Dependent choice). */
  children?: ReactNode;
}) {
  const inputId = useId();
  return (
    <form
      role="search"
      aria-label={label}
      className="card-search"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get(name);
        onSearch(typeof value === 'string' ? value : '');
      }}
    >
      {children}
      <label htmlFor={inputId} className="card-search__label">
        {label}
      </label>
      <div className="card-search__row">
        <input
          id={inputId}
          name={name}
          type="search"
          className="card-search__input"
          placeholder={placeholder}
          maxLength={120}
          autoComplete="off"
        />
        <button type="submit" className="card-search__button">
          Search
        </button>
      </div>
    </form>
  );
}
