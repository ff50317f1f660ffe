import { DownOutlined } from '@ant-design/icons';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type MenuGroup, type MenuLink, selectedMenuKey } from '../navigation/menu-items.tsx';

export interface SideNavProps {
  menu: MenuGroup[];
  onNavigate?: () => void;
}

/*
 * A list of links rather than antd's Menu: site navigation is links, not an application menu
 * (role=menu would make screen readers expect arrow-key menus), and it keeps antd's popup
 * machinery out of the first page's JavaScript.
 */
export function SideNav({ menu, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const selected = selectedMenuKey(pathname, menu);
  return (
    <nav aria-label="Main navigation" className="side-nav">
      <ul className="side-nav__list">
        {menu.map((group) =>
          group.children ? (
            <NavGroup key={group.key} group={group} selected={selected} onNavigate={onNavigate} />
          ) : (
            <li key={group.key}>
              <NavItem
                link={{ key: group.key, label: group.label, path: group.path ?? '/home' }}
                selected={selected}
                icon={group.icon}
                onNavigate={onNavigate}
              />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function NavGroup({
  group,
  selected,
  onNavigate,
}: {
  group: MenuGroup;
  selected: string | undefined;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <li className="side-nav__group">
      <button
        type="button"
        className="side-nav__group-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="side-nav__icon" aria-hidden>
          {group.icon}
        </span>
        <span className="side-nav__label">{group.label}</span>
        <DownOutlined
          aria-hidden
          className={`side-nav__chevron${open ? '' : ' side-nav__chevron--closed'}`}
        />
      </button>
      <ul id={listId} className="side-nav__sublist" hidden={!open}>
        {group.children?.map((link) => (
          <li key={link.key}>
            <NavItem link={link} selected={selected} onNavigate={onNavigate} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}

function NavItem({
  link,
  selected,
  icon,
  nested = false,
  onNavigate,
}: {
  link: Pick<MenuLink, 'key' | 'label' | 'path'>;
  selected: string | undefined;
  icon?: ReactNode;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const active = link.key === selected;
  return (
    <Link
      to={link.path}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={`side-nav__link${nested ? ' side-nav__link--nested' : ''}${active ? ' side-nav__link--active' : ''}`}
    >
      {icon && (
        <span className="side-nav__icon" aria-hidden>
          {icon}
        </span>
      )}
      <span className="side-nav__label">{link.label}</span>
    </Link>
  );
}
