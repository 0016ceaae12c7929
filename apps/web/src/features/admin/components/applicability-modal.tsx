import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminDocumentListItem } from '@portal/contracts/admin-document-list';
import { ApplicabilityEditor } from './applicability-editor';

interface ApplicabilityModalProps {
  document: AdminDocumentListItem | null;
  onClose: () => void;
  onDone: (title: string) => void;
}

/** Where a document applies (products, options, serial ranges, or one unit), from the documents table's row menu. */
export function ApplicabilityModal({ document, onClose, onDone }: ApplicabilityModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={document !== null} onClose={onClose} size="lg" title={document ? t('admin.documents.actions.applicabilityTitle', { title: document.title }) : ''}>
      {document && (
        <ApplicabilityEditor
          documentId={document.id}
          onSaved={() => {
            onDone(document.title);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
