import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@portal/contracts/retention';
import { ApiError } from '../../../lib/api-client/api-error';
import { refusalText } from '../../../lib/api-client/refusal-text';
import { useUpdateProductLifetime } from '../api/products-api';

interface ProductLifetimeModalProps {
  product: AdminProduct | null;
  onClose: () => void;
  onSaved: (product: AdminProduct) => void;
}

/** The API's reason for refusing the lifetime itself (`body.lifetimeYears`), if that is what it refused. */
export function lifetimeRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const details = (error.body as { details?: Array<{ path?: unknown; message?: unknown }> } | null)?.details ?? [];
  const detail = details.find((one) => typeof one.path === 'string' && one.path.endsWith('lifetimeYears') && typeof one.message === 'string');
  return detail ? String(detail.message) : null;
}

/** The typed years as the API takes them: a number as typed (2.5 and 0 included, for the API to refuse with its reason), null when it is none. */
export function typedYears(text: string): number | null {
  const trimmed = text.trim();
  const years = Number(trimmed);
  return trimmed === '' || !Number.isFinite(years) ? null : years;
}

/** Edits a product's expected lifetime, which decides how long its units' instructions are kept. */
export function ProductLifetimeModal({ product, onClose, onSaved }: ProductLifetimeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={product !== null} onClose={onClose} title={product ? t('adminProducts.edit.title', { name: product.name, code: product.code }) : ''}>
      {product && <LifetimeForm key={product.code} product={product} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function LifetimeForm({ product, onClose, onSaved }: { product: AdminProduct; onClose: () => void; onSaved: (product: AdminProduct) => void }) {
  const { t } = useTranslation();
  const [years, setYears] = useState(String(product.lifetimeYears));
  const update = useUpdateProductLifetime();
  const fieldError = lifetimeRefusal(update.error);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate({ code: product.code, lifetimeYears: typedYears(years) }, { onSuccess: (saved) => { onSaved(saved); onClose(); } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {update.error && !fieldError && (
          <Alert color="red" role="alert">
            {refusalText(update.error, t('adminProducts.errors.saveFailed')).join(' ')}
          </Alert>
        )}
        <TextInput
          label={t('adminProducts.fields.lifetime')}
          description={t('adminProducts.fields.lifetimeHint')}
          value={years}
          onChange={(event) => setYears(event.currentTarget.value)}
          inputMode="numeric"
          maxLength={12}
          error={fieldError && t('adminProducts.errors.lifetime', { reason: fieldError })}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('adminProducts.cancel')}</Button>
          <Button type="submit" loading={update.isPending}>{t('adminProducts.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
