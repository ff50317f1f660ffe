import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useClaims } from '../../shared/permissions/user-access.ts';

export interface UserMenuProps {
  onProfile: () => void;
  onLogout: () => void;
}

/**
 * The header's user menu: a menu button (WAI-ARIA pattern) with Profile and Logout. Built
 * from plain elements so antd's popup and form code stay out of the first page's JavaScript.
 */
export function UserMenu({ onProfile, onLogout }: UserMenuProps) {
  const claims = useClaims();
  const name = `${claims.firstName} ${claims.lastName}`.trim() || claims.username;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const items = [
    { key: 'profile', label: 'Profile', action: onProfile },
    { key: 'logout', label: 'Logout', action: onLogout },
  ];

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = itemRefs.current.findIndex((item) => item === document.activeElement);
    const count = items.length;
    const focusAt = (next: number) => itemRefs.current[(next + count) % count]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(count - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-link user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <UserOutlined aria-hidden />
        <span className="header-link__text">{name}</span>
        <DownOutlined aria-hidden className="user-menu__chevron" />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={name}
          className="user-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li role="none" key={item.key}>
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="user-menu__item"
                onClick={() => {
                  close(false);
                  item.action();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
