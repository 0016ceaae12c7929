import { Alert, Badge, Button, Checkbox, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportedDocument } from '@portal/contracts/admin-import';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { importedDocumentsQueryOptions, importsQueryKey, publishDocuments } from '../api/imports-api';

const stateColors: Record<ImportedDocument['status'], string> = { published: 'green', unpublished: 'gray', scheduled: 'blue' };

/**
 * The review list of a finished import: the documents it created with their state; the publisher ticks those to
 * publish (every draft at first) and publishes the selection in one step, each publication audited.
 */
export function ImportReview({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, error } = useQuery(importedDocumentsQueryOptions(id));
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!data) {
    return error ? (
      <Alert color="red" role="alert">
        {refusalText(error, t('importReview.review.loadFailed')).join(' ')}
      </Alert>
    ) : (
      <Loader size="sm" aria-label={t('admin.loading')} />
    );
  }
  const drafts = data.items.filter((item) => item.status === 'unpublished');
  // Every draft is ticked until the publisher changes the selection.
  const chosen = selected ?? new Set(drafts.map((item) => item.id));
  const toggle = (documentId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(documentId);
    else next.delete(documentId);
    setSelected(next);
  };
  const allChosen = drafts.length > 0 && drafts.every((item) => chosen.has(item.id));

  const publish = async () => {
    const ids = drafts.filter((item) => chosen.has(item.id)).map((item) => item.id);
    if (ids.length === 0) return;
    setPublishing(true);
    setFailure(null);
    try {
      const result = await publishDocuments(ids);
      notifications.show({ color: 'green', message: t('importReview.review.published', { count: result.items.length }) });
      setSelected(new Set());
      await client.invalidateQueries({ queryKey: importsQueryKey });
      await client.invalidateQueries({ queryKey: ['admin', 'documents'] });
    } catch (caught) {
      setFailure(refusalText(caught, t('importReview.review.publishFailed')).join(' '));
    } finally {
      setPublishing(false);
    }
  };

  if (data.items.length === 0) return null;
  const count = drafts.filter((item) => chosen.has(item.id)).length;
  return (
    <Stack gap="sm" data-testid="import-review">
      <Title order={3} fz="md">
        {t('importReview.review.title')}
      </Title>
      <Text fz="sm" c="dimmed">
        {drafts.length > 0 ? t('importReview.review.hint', { count: drafts.length }) : t('importReview.review.noDrafts')}
      </Text>
      <ScrollTable
        minWidth={640}
        verticalSpacing="xs"
        aria-label={t('importReview.review.tableLabel')}
        headers={[
          <Checkbox
            key="all"
            aria-label={t('importReview.review.selectAll')}
            checked={allChosen}
            indeterminate={count > 0 && !allChosen}
            disabled={drafts.length === 0 || publishing}
            onChange={(event) => setSelected(event.currentTarget.checked ? new Set(drafts.map((item) => item.id)) : new Set())}
          />,
          t('importReview.columns.title'),
          t('importReview.columns.reference'),
          t('importReview.columns.type'),
          t('importReview.columns.language'),
          t('importReview.columns.state'),
        ]}
      >
        {data.items.map((item) => (
          <Table.Tr key={item.id} data-testid="import-review-row">
            <Table.Td w={40}>
              {item.status === 'unpublished' && (
                <Checkbox aria-label={t('importReview.review.select', { title: item.title })} checked={chosen.has(item.id)} disabled={publishing} onChange={(event) => toggle(item.id, event.currentTarget.checked)} />
              )}
            </Table.Td>
            <Table.Td>
              <Text fz="sm" fw={500}>
                {item.title}
              </Text>
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('importReview.review.from', { path: item.path })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" ff="monospace">
                {item.serviceRef}
              </Text>
            </Table.Td>
            <Table.Td>{item.typeCode}</Table.Td>
            <Table.Td>{item.languageCode}</Table.Td>
            <Table.Td>
              <Badge color={stateColors[item.status]} variant="light" miw="max-content">
                {t(`importReview.states.${item.status}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {drafts.length > 0 && (
        <Group justify="end">
          <Button onClick={() => void publish()} disabled={count === 0} loading={publishing}>
            {t('importReview.review.publish', { count })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
