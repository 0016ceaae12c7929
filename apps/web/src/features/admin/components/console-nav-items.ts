import { IconBox, IconBuilding, IconBuildingFactory2, IconCategory, IconChartLine, IconDeviceDesktopCode, IconEye, IconFiles, IconFolderUp, IconLanguage, IconListCheck, IconMailbox, IconMessageReport, IconPackage, IconReportSearch, IconShieldCheck, IconUsers, type Icon } from '@tabler/icons-react';
import type { Role } from '@portal/contracts/users';

export interface ConsoleNavItem {
  /** Path under /admin. */
  to: string;
  labelKey: string;
  icon: Icon;
  /** Only these roles see the page (every console role when absent), e.g. ['admin'] for the audit log. */
  roles?: readonly Role[];
}

/** The console's pages, in the order of the side navigation: a new page is one more entry here and one route. */
export const consoleNavItems: readonly ConsoleNavItem[] = [
  { to: '/admin/documents', labelKey: 'admin.nav.documents', icon: IconFiles },
  { to: '/admin/imports', labelKey: 'admin.nav.imports', icon: IconFolderUp },
  { to: '/admin/units', labelKey: 'admin.nav.units', icon: IconBuildingFactory2 },
  { to: '/admin/products', labelKey: 'admin.nav.products', icon: IconPackage },
  { to: '/admin/handover', labelKey: 'admin.nav.handover', icon: IconCategory },
  { to: '/admin/paper-requests', labelKey: 'admin.nav.paperRequests', icon: IconMailbox },
  { to: '/admin/feedback', labelKey: 'feedback.admin.nav', icon: IconMessageReport },
  { to: '/admin/software', labelKey: 'adminSoftware.nav.software', icon: IconDeviceDesktopCode },
  { to: '/admin/cad', labelKey: 'adminSoftware.nav.cad', icon: IconBox },
  { to: '/admin/jobs', labelKey: 'admin.nav.jobs', icon: IconListCheck },
  { to: '/admin/statistics', labelKey: 'admin.nav.statistics', icon: IconChartLine },
  { to: '/admin/search-analytics', labelKey: 'searchAnalytics.nav', icon: IconReportSearch },
  { to: '/admin/language-coverage', labelKey: 'languageCoverage.nav', icon: IconLanguage },
  { to: '/admin/preview', labelKey: 'admin.nav.preview', icon: IconEye },
  // The API keeps the audit log for admins.
  { to: '/admin/audit', labelKey: 'admin.nav.audit', icon: IconShieldCheck, roles: ['admin'] },
  // Users and accounts are the admins' too.
  { to: '/admin/users', labelKey: 'adminUsers.nav.users', icon: IconUsers, roles: ['admin'] },
  { to: '/admin/accounts', labelKey: 'adminUsers.nav.accounts', icon: IconBuilding, roles: ['admin'] },
];

export function visibleConsoleNavItems(roles: readonly string[], items: readonly ConsoleNavItem[] = consoleNavItems): ConsoleNavItem[] {
  return items.filter((item) => !item.roles || item.roles.some((role) => roles.includes(role)));
}
