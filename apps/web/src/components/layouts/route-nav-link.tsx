import { NavLink } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface RouteNavLinkProps {
  to: string;
  label: string;
  icon: Icon;
  iconSize: number;
  /** Whether the current page is this link's (marked for screen readers too). */
  active: boolean;
  className?: string;
  onClick?: () => void;
}

/** A side navigation's link to a route, with its icon, marked as the current page when active. */
export function RouteNavLink({ to, label, icon: LinkIcon, iconSize, active, className, onClick }: RouteNavLinkProps) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={<LinkIcon size={iconSize} stroke={1.7} aria-hidden="true" />}
      active={active}
      aria-current={active ? 'page' : undefined}
      className={className}
      onClick={onClick}
    />
  );
}
