import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditLogEntry } from '@portal/contracts/audit';
import { humanizeField } from '../utils/audit-change';
import { auditObjectPath } from '../utils/audit-object-link';
import { BreakableText } from './breakable-text';

/** Who acted: their name and e-mail (or the operator of a command), with their roles and account below. */
export function AuditActor({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const email = entry.actor;
  return (
    <div>
      {entry.actorName && (
        <Text fz="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
          {entry.actorName}
        </Text>
      )}
      <Text fz={entry.actorName ? 'xs' : 'sm'} c={entry.actorName ? 'dimmed' : undefined} style={{ overflowWrap: 'break-word' }}>
        {email ? <BreakableText text={email} /> : t('adminAudit.anonymous')}
      </Text>
      {(entry.roles.length > 0 || entry.account) && (
        <Text fz="xs" c="dimmed">
          {[entry.roles.join(', '), entry.account].filter(Boolean).join(' · ')}
        </Text>
      )}
    </div>
  );
}

/** What was done, as a sentence in the reader's language. */
export function AuditActionSentence({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  return (
    <Text fz="sm" data-testid="audit-sentence">
      {t(`auditLog.sentences.${entry.action}`)}
    </Text>
  );
}

/** Kinds the log looks titles up for: one of them without a title is gone (or was never known). */
const namedKinds = new Set(['document', 'product', 'software', 'unit', 'cad-library', 'user', 'account', 'company', 'notice', 'feedback', 'paper-request', 'paper-request-refused']);

/** To what: the object's kind and title, linked to its page when it has one; its id only when it has no title (gone or unknown). */
export function AuditObject({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const kind = t(`auditLog.kinds.${entry.object.kind}`, { defaultValue: humanizeField(entry.object.kind) });
  const path = auditObjectPath(entry.object.kind, entry.objectRef);
  const title = entry.objectTitle;
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {kind}
      </Text>
      {title ? (
        <Text fz="sm" style={{ overflowWrap: 'break-word' }}>
          {path ? (
            <Anchor component={Link} to={path} inherit>
              <BreakableText text={title} />
            </Anchor>
          ) : (
            <BreakableText text={title} />
          )}
        </Text>
      ) : (
        <Text fz="sm" style={{ overflowWrap: 'break-word' }}>
          <Text span ff="monospace" fz="xs" inherit>
            <BreakableText text={entry.object.id} />
          </Text>
          {namedKinds.has(entry.object.kind) && (
            <Text span fz="xs" c="dimmed" inherit>
              {' '}
              {t('auditLog.gone')}
            </Text>
          )}
        </Text>
      )}
    </div>
  );
}
