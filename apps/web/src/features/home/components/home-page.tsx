import { Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDocumentViewerDialog } from '../../../components/document-viewer/lazy-document-viewer-dialog';
import { PageFrame } from '../../../components/layouts/page-frame';
import type { ViewerDocument } from '../../../lib/documents/viewer-document';
import { HomeFavorites } from './home-favorites';
import { HomeProducts } from './home-products';
import { HomeSearch } from './home-search';
import { QuickLinks } from './quick-links';
import { RecentDocuments } from './recent-documents';
import { RecentlyOpened } from './recently-opened';
import { useDocumentViewerPreload } from '../../../components/document-viewer/use-document-viewer-preload';

/** Issue #4 home page: search, quick links, recently published, favourites, products to follow and recently opened documents. */
export function HomePage() {
  useDocumentViewerPreload();
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<ViewerDocument | null>(null);

  return (
    <PageFrame title={t('home.title')} description={t('home.description')}>
      <HomeSearch />
      <QuickLinks />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecentDocuments onOpen={setViewing} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <HomeFavorites onOpen={setViewing} />
            <HomeProducts />
            <RecentlyOpened onOpen={setViewing} />
          </Stack>
        </Grid.Col>
      </Grid>
      {viewing && <LazyDocumentViewerDialog document={viewing} opened onClose={() => setViewing(null)} />}
    </PageFrame>
  );
}
