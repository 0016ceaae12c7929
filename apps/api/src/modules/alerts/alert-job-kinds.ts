/** The job kinds of the alerts module. */
export const alertJobKinds = {
  fanOut: 'alerts.fanOut',
  fanOutSoftware: 'alerts.fanOutSoftware',
  fanOutCad: 'alerts.fanOutCad',
  fanOutCatchUp: 'alerts.fanOutCatchUp',
  mail: 'alerts.mail',
  digest: 'alerts.digest',
  tick: 'alerts.tick',
} as const;

/** Notifications mailed by one job (each mail is marked sent as it goes: a retry sends only the rest). */
export const mailBatchSize = 50;
