import { Modal } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

interface VersionModalProps<Subject extends { id: string }> {
  /** The item or library the new version belongs to; the modal is open while there is one. */
  subject: Subject | null;
  title: string;
  onClose: () => void;
  /** The form, built afresh for each subject so that nothing typed for one is left for the next. */
  children: (subject: Subject) => ReactNode;
}

/** The dialog around a new software or library version's form. */
export function VersionModal<Subject extends { id: string }>({ subject, title, onClose, children }: VersionModalProps<Subject>) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={title} size="xl">
      {subject && <Fragment key={subject.id}>{children(subject)}</Fragment>}
    </Modal>
  );
}
