import { useState } from 'react';
import { Link } from 'wouter';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { visibleMenu, type AccessProfile } from '../../../domain/access';
import type { MenuGroup } from '../../../domain/routes';
import { t, useLanguage, type MessageKey } from '../i18n/i18n';
import { GearIcon, LedgerIcon, MenuIcon, MonitorIcon, ShieldIcon, UsersIcon } from '../ui/icons';

const COLLAPSE_KEY = 'vg.sidebarCollapsed';
const GROUP_ICON: Record<MenuGroup, typeof ShieldIcon> = {
  safety: ShieldIcon,
  information: LedgerIcon,
  user: UsersIcon,
  system: GearIcon,
  platform: MonitorIcon,
};

/** Sidebar of spec §1–2: the menu groups with their hiding rules; the collapse state is kept locally. */
/** below this viewport width the sidebar starts collapsed */
const NARROW_PX = 640;

export function Sidebar({ profile, shell, location }: { profile: AccessProfile; shell: 'main' | 'platform'; location: string }) {
  useLanguage();
  // A phone-width browser (an electrician on site, issue 29) starts with the rail until the user chooses.
  const [collapsed, setCollapsed] = useState(() => {
    const saved = localStorage.getItem(COLLAPSE_KEY);
    return saved === null ? window.innerWidth < NARROW_PX : saved === '1';
  });
  const toggle = () => {
    localStorage.setItem(COLLAPSE_KEY, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };
  const groups = visibleMenu(profile, shell);
  return (
    <nav
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      className={`flex shrink-0 flex-col border-r border-line bg-surface transition-[width] ${collapsed ? 'w-14' : 'w-56'}`}
    >
      <button
        type="button"
        data-testid="sidebar-toggle"
        onClick={toggle}
        title={collapsed ? t('menu.expand') : t('menu.collapse')}
        className="flex h-10 items-center justify-center border-b border-line text-muted hover:text-ink"
      >
        <MenuIcon />
      </button>
      <div className="flex-1 overflow-y-auto py-2">
        {groups.map((g) => {
          const Icon = GROUP_ICON[g.group];
          const title = t(g.titleKey as MessageKey);
          const links = g.items.map((r) => (
            <Link
              key={r.path}
              href={r.path}
              data-menu-item={r.path}
              className={`block truncate py-1.5 pr-3 text-sm ${collapsed ? 'pl-4' : 'pl-10'} ${
                location === r.path ? 'border-r-2 border-brand bg-brand/10 font-medium text-brand' : 'text-ink hover:bg-surface-2'
              }`}
            >
              {t(r.titleKey as MessageKey)}
            </Link>
          ));
          if (collapsed) {
            // Collapsed: one icon per group; its pages open in a flyout beside the rail.
            const active = g.items.some((r) => r.path === location);
            return (
              <Popover key={g.group} className="relative" data-menu-group={g.group}>
                <PopoverButton
                  title={title}
                  className={`flex h-10 w-full items-center justify-center outline-none ${active ? 'text-brand' : 'text-muted hover:text-ink'}`}
                >
                  <Icon />
                </PopoverButton>
                <PopoverPanel anchor="right start" className="z-40 ml-1 w-48 rounded-md border border-line bg-surface py-1 shadow-lg">
                  <div className="px-4 py-1.5 text-xs font-semibold text-muted">{title}</div>
                  {links}
                </PopoverPanel>
              </Popover>
            );
          }
          return (
            <div key={g.group} className="mb-2" data-menu-group={g.group}>
              <div className="flex items-center gap-2 px-4 py-1.5 text-xs font-semibold tracking-wide text-muted">
                <Icon width="1rem" height="1rem" />
                {title}
              </div>
              {links}
            </div>
          );
        })}
      </div>
    </nav>
  );
}
