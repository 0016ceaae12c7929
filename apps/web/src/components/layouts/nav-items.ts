import { IconBox, IconBuildingFactory2, IconDeviceDesktopCode, IconFiles, IconHome, IconStar, type Icon } from '@tabler/icons-react';
import { matchPath } from 'react-router';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: Icon;
  /** Active only on the exact path (home). */
  end?: boolean;
}

export const navItems: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: IconHome, end: true },
  { to: '/resources', labelKey: 'nav.resources', icon: IconFiles },
  { to: '/software', labelKey: 'nav.software', icon: IconDeviceDesktopCode },
  { to: '/cadFiles', labelKey: 'nav.cadFiles', icon: IconBox },
  { to: '/units', labelKey: 'units.myEquipment', icon: IconBuildingFactory2 },
  { to: '/favorites', labelKey: 'nav.favorites', icon: IconStar },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null;
}
