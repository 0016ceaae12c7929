import type { SoftwareStatus } from '@portal/contracts/software';

/** Every status, in the order the forms offer them; a Record so that a status added to the contract fails the build here. */
const statusOrder: Record<SoftwareStatus, number> = { current: 0, beta: 1, previous: 2 };

export const softwareStatuses = (Object.keys(statusOrder) as SoftwareStatus[]).sort((a, b) => statusOrder[a] - statusOrder[b]);

export const statusColors: Record<SoftwareStatus, string> = { current: 'green', beta: 'orange', previous: 'gray' };

/** Today in the browser's time zone, as the `YYYY-MM-DD` a release date is. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
